import type { TestApi } from "./api.js";

export interface GraphAnswer {
  status: number;
  headers: Headers;
  body: { data?: any; errors?: any[]; extensions?: any };
}

/** POSTs a GraphQL query to the test server with `key` (none when null). */
export async function graphql(
  api: TestApi,
  key: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphAnswer> {
  const response = await fetch(new URL("/graphql", api.url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as GraphAnswer["body"],
  };
}
