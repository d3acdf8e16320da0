import { bind, connectionOf, cursorSql, objectOf, objectTypeOf, scalar, type SqlQuery } from '../../platform/graphql/compiled-sql';
import type { RootFieldCompiler } from '../../platform/graphql/compiled-roots';
import type { GraphQLContext } from '../../platform/graphql/context';
import { UUID_RE } from '../../platform/shared/pagination';
import { PUBLIC_CREATOR } from '../profiles';
import { afterReview, REVIEW_ORDER, reviewWindow } from './review-list';
import { REVIEW_FIELDS } from '../profiles';

/**
 * `reviews(creatorId, first, after)` compiled (graphql/compiled-roots.ts): a public creator's
 * reviews newest first, as `ReviewsService.listForCreator` pages them (same window and cursor
 * rules, `totalCount` = every review about the creator). NULL when it answers NOT_FOUND (an id
 * that is not a public creator's); refused arguments are left to it. Reads the CTEs
 * `review_creator` and `review_page` (the page's rows, newest first, numbered `n`).
 */

type ReviewQuery = SqlQuery & { size: number };

export const reviewsRoot: RootFieldCompiler<GraphQLContext> = {
  field: 'reviews',
  compile(cx, def, f) {
    const connection = connectionOf<ReviewQuery>(cx, objectTypeOf(def), f, {
      rows: 'review_page',
      alias: 'x',
      size: (q) => q.size,
      cursor: () => cursorSql(`'"' || x.created_key || '","' || x.id || '"'`),
      node: (type, fields) => objectOf<ReviewQuery>(type, fields, (_k, nf, ndef) => scalar(cx, REVIEW_FIELDS, nf, ndef)),
      totalCount: () => '(select count(*)::int from reviews r where r.reviewee_id = c.user_id and r.revealed_at is not null)',
    });
    return {
      request({ creatorId, first, after }) {
        let window: ReturnType<typeof reviewWindow>;
        try {
          window = reviewWindow({ first, after });
        } catch {
          return null; // the resolver reports it
        }
        if (window.mode !== 'cursor' || typeof creatorId !== 'string' || !UUID_RE.test(creatorId)) return null;
        const keyset = window.after ? afterReview('r', window.after) : null;
        const size = window.size;
        return {
          fixed: true,
          with: [
            {
              name: 'review_creator',
              sql: (q) => `select p.id, p.user_id from profiles p join users u on u.id = p.user_id where p.id = ${bind(q, creatorId)} and ${PUBLIC_CREATOR}`,
            },
            {
              name: 'review_page',
              sql: (q) => {
                const where = keyset ? ` and ${keyset.sql}` : '';
                q.params.push(...(keyset?.params ?? []));
                return `select v.*, v.created_at::text as created_key, coalesce(rp.display_name, 'Client') as reviewer_name,
      row_number() over (order by ${REVIEW_ORDER('v')}) as n
    from (select r.* from review_creator c join reviews r on r.reviewee_id = c.user_id and r.revealed_at is not null${where}
           order by ${REVIEW_ORDER('r')} limit ${size + 1}) v
    left join profiles rp on rp.user_id = v.reviewer_id`;
              },
            },
          ],
          value: (q) => `(select ${connection({ ...q, size })} from review_creator c)`,
        };
      },
    };
  },
};
