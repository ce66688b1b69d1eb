import type { Queryable } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { sniffImageType } from '../../src/lib/account/rules.ts';
import { pictureObjectId } from '../../src/lib/quizzes/rules.ts';
import { attachObject, claimObject, deleteAttachedObjectsExcept, findObject } from '../storage/objects.repository.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { readObjectBytes } from '../storage/uploads.ts';

/*
 * The pictures of a quiz's questions belong to the quiz (storage attachment 'QUIZ'): its questions
 * are written anew on every save, the quiz stays. Who may see them is picture-access.ts's rule.
 */

/** Where a teacher uploads a question's picture (storage/uploadobject `storagePath`). */
const PICTURE_PATH = 'images/quizzes/';

/**
 * Attaches the pictures of a quiz's questions as the quiz is saved, in the caller's transaction:
 * a picture the quiz already has stays (whichever of the class's teachers uploaded it); a new one
 * must be the caller's own upload under images/quizzes attached to nothing, and a picture by its
 * signature (400 `invalid_image` otherwise, or 400 `image_type`; the transaction then saves
 * nothing). Pictures the quiz no longer shows are deleted with it; answers their ids, whose bytes
 * the caller removes once the transaction committed.
 */
export async function attachQuestionPictures(tx: Queryable, store: ObjectStore, callerId: string, quizId: string, questions: readonly { image_url: string | null }[]): Promise<string[]> {
  const used = new Set<string>();
  for (const [index, question] of questions.entries()) {
    if (!question.image_url) continue;
    const field = `questions.${index}.image_url`;
    const id = pictureObjectId(question.image_url);
    if (!id) throw badRequest('invalid_image_url', 'A question’s picture must be uploaded to this site.', field);
    if (used.has(id)) continue;
    const current = await findObject(tx, id);
    const kept = current?.attached_kind === 'QUIZ' && current.attached_id === quizId;
    if (!kept) {
      if (!(await claimObject(tx, { id, ownerId: callerId, pathPrefix: PICTURE_PATH }))) {
        throw badRequest('invalid_image', 'Upload the question’s picture first.', field);
      }
      const bytes = await readObjectBytes(store, id);
      if (!bytes || !sniffImageType(new Uint8Array(bytes))) throw badRequest('image_type', 'A question’s picture must be a JPG, PNG or GIF image.', field);
      await attachObject(tx, id, { kind: 'QUIZ', id: quizId });
    }
    used.add(id);
  }
  return deleteAttachedObjectsExcept(tx, 'QUIZ', quizId, [...used]);
}
