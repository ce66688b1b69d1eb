import { Hono } from 'hono';
import { joinVerificationSchema, memberListQuerySchema, membershipIdSchema, nonmemberListQuerySchema } from '../../src/lib/libraries/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { badRequest } from '../http/errors.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { approveMembership, memberList, nonMemberList, removeMembership } from './membership-admin.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/epustaka-member-list, epustaka-nonmember-list, epustaka-member-join-verification, memberships/{membership_id}. */
export function membershipRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  const callerOf = (user: { id: string; organization_id: string }) => ({ id: user.id, organizationId: user.organization_id });

  app.get('/epustaka-member-list', auth, async (c) => {
    const query = queryParams(c, memberListQuerySchema);
    return c.json(listBody(await memberList(deps, callerOf(c.get('caller').user), query), query));
  });

  app.get('/epustaka-nonmember-list', auth, async (c) => {
    const query = queryParams(c, nonmemberListQuerySchema);
    return c.json(listBody(await nonMemberList(deps, callerOf(c.get('caller').user), query), query));
  });

  app.put('/epustaka-member-join-verification', auth, async (c) => {
    const input = await jsonBody(c, joinVerificationSchema);
    const result = await approveMembership(deps, c.get('caller').user.id, input.membership_id);
    return c.json({ data: result, message: result.message });
  });

  app.delete('/memberships/:membership_id', auth, async (c) => {
    const parsed = membershipIdSchema.safeParse(c.req.param('membership_id'));
    if (!parsed.success) throw badRequest('invalid_membership_id', 'The membership id is not valid.', 'membership_id');
    await removeMembership(deps, c.get('caller').user.id, parsed.data);
    return c.json({ data: { message: 'The membership has been removed.' }, message: 'The membership has been removed.' });
  });

  return app;
}
