/** The benchmarks' HTTP calls to a server: a JSON body in, the JSON answer out (an error otherwise). */
export async function post(url: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const r = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}
