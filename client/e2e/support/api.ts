/**
 * Setting up a journey over the public API (GraphQL over HTTP) instead of the screens: accounts,
 * profiles, hours. `mailedToken` reads the development mailbox as a person opening the e-mail would.
 */
export async function gql(baseUrl: string, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The token of the newest link to `path` e-mailed to `to`, read from /dev/mailbox (waiting for the e-mail worker). */
export async function mailedToken(baseUrl: string, to: string, path: string): Promise<string> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const list = (await (await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
    for (const { id } of list.messages) {
      const mail = (await (await fetch(`${baseUrl}/dev/mailbox/messages/${id}`)).json()) as { links: string[] };
      const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === path);
      if (link) return link.searchParams.get('token')!;
    }
  }
  throw new Error(`no ${path} link e-mailed to ${to}`);
}

/** A registered account whose address is confirmed (so a creator of it is listed); its access token. */
export async function verifiedAccount(baseUrl: string, accountType: 'CREATOR' | 'BRAND', email: string, password: string): Promise<string> {
  const { register } = await gql(baseUrl, `mutation ($input: RegisterInput!) { register(input: $input) { tokens { accessToken } } }`, {
    input: { accountType, email, password },
  });
  await gql(baseUrl, `mutation ($t: String!) { verifyEmail(token: $t) { id } }`, { t: await mailedToken(baseUrl, email, '/verify-email') });
  return register.tokens.accessToken as string;
}
