import { Hono } from 'hono';
import {
  commentCreateSchema,
  commentDeleteSchema,
  commentDetailQuerySchema,
  commentListQuerySchema,
  commentReportSchema,
  commentUpdateSchema,
} from '../../src/lib/comments/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { addComment, commentDetail, commentPage, editComment, removeComment, reportComment } from './comments.service.ts';
import { limitWrite } from '../limits/write-limits.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/comment-list, comment-detail, comment (POST, PUT, DELETE) and comment-report. */
export function commentRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/comment-list', auth, async (c) => {
    return c.json(await commentPage(deps, c.get('caller').user.id, queryParams(c, commentListQuerySchema)));
  });

  app.get('/comment-detail', auth, async (c) => {
    return c.json(await commentDetail(deps, c.get('caller').user.id, queryParams(c, commentDetailQuerySchema)));
  });

  app.post('/comment', auth, async (c) => {
    const input = await jsonBody(c, commentCreateSchema);
    await limitWrite(deps, c, input.parent_id ? 'reply' : 'comment');
    return c.json({ data: await addComment(deps, c.get('caller').user.id, input) }, 201);
  });

  app.put('/comment', auth, async (c) => {
    const input = await jsonBody(c, commentUpdateSchema);
    return c.json({ data: await editComment(deps, c.get('caller').user.id, input) });
  });

  app.delete('/comment', auth, async (c) => {
    const { id } = await jsonBody(c, commentDeleteSchema);
    return c.json({ data: await removeComment(deps, c.get('caller').user.id, id) });
  });

  app.put('/comment-report', auth, async (c) => {
    const input = await jsonBody(c, commentReportSchema);
    await limitWrite(deps, c, 'report');
    await reportComment(deps, c.get('caller').user.id, input);
    return c.json({ data: { comment_id: input.comment_id, has_report: true } });
  });

  return app;
}
