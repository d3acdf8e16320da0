/**
 * The newest revealed reviews (double-blind: features/reviews) about one person as a JSON array (null when there are none), for a LATERAL
 * join: an index range scan on `reviews_reviewee_created_idx` that stops after the limit, then the
 * reviewers' names for those rows only (never every review of the creators before ranking them).
 * The creator cards' `latestReviews` loader and the listing's one statement both use it.
 *
 * `revieweeUserId` is a SQL expression of the outer query (e.g. `p.user_id`); `limit` is the limit's placeholder
 * (`?` by default; a compiled read passes the one it bound).
 * Each element has the columns of a review row (see `reviewFromRow`), or is `element` built from `x` (those
 * columns and reviewer_name): the compiled listing builds the API's own fields there.
 */
export const latestReviewsJson = (revieweeUserId: string, element = 'x', limit = '?') => `(
  select json_agg(${element} order by x.created_at desc, x.id desc) as reviews
  from (select v.id, v.booking_id, v.streamer_id, v.reviewer_id, v.reviewee_id, v.rating, v.comment, v.created_at,
               coalesce(rp.display_name, 'Client') as reviewer_name
          from (select * from reviews r where r.reviewee_id = ${revieweeUserId} and r.revealed_at is not null
                 order by r.created_at desc, r.id desc limit ${limit}) v
          left join profiles rp on rp.user_id = v.reviewer_id) x
)`;
