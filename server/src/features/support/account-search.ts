import { USER_SEARCH_LIMIT } from './support.inputs';

/**
 * Support's account search as one statement: accounts whose e-mail or display name contains
 * `needle` (already lower case), at most USER_SEARCH_LIMIT, the exact e-mail first, then those
 * whose e-mail or name starts with it, then by e-mail.
 *
 * The matches are found by two lookups, each on its own trigram index (users.email and
 * profiles.display_name, lower-cased: Migration20261125020000_account_search_trgm), and only those
 * accounts are joined and ranked; one `… or …` over the joined tables would read every account.
 */
export function accountSearchStatement(needle: string): { sql: string; params: string[] } {
  const literal = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  return {
    sql: `select u.id, u.email, u.account_type, p.display_name, u.created_at
            from users u left join profiles p on p.user_id = u.id
           where u.id in (select id from users where lower(email) like ?
                          union all
                          select user_id from profiles where lower(display_name) like ?)
           order by lower(u.email) = ? desc, (lower(u.email) like ? or lower(coalesce(p.display_name, '')) like ?) desc, lower(u.email)
           limit ${USER_SEARCH_LIMIT}`,
    params: [`%${literal}%`, `%${literal}%`, needle, `${literal}%`, `${literal}%`],
  };
}
