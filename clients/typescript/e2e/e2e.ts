/**
 * End to end against a running Mnemara (the test suite's live server): node dist/e2e/e2e.js <url> <api key>.
 * Creates, lists page by page, reads, changes with If-Match, meets a typed 409, searches, builds a context,
 * batch-creates and erases a person. Prints a JSON summary; any surprise exits non-zero.
 */
import { createMnemara, idempotencyKey, type SavedMemory } from "../src/index.js";

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`e2e: ${what}`);
}

const [baseUrl, apiKey] = process.argv.slice(2);
check(baseUrl && apiKey, "usage: e2e.js <url> <api key>");
const api = createMnemara(baseUrl, apiKey);
const person = `ts-${idempotencyKey().slice(0, 8)}`;

const created = await api.POST("/api/v1/memories", {
  body: { scope: `user/${person}`, content: "Prefers answers in TypeScript", type: "preference", subject: person },
  params: { header: { "Idempotency-Key": idempotencyKey() } },
});
check(created.response.status === 201 && created.data && !Array.isArray(created.data), "create one");
const saved: SavedMemory = created.data;
check(saved.resolution.action === "created", "resolution");

const batch = await api.POST("/api/v1/memories", {
  body: ["Uses Vim", "Runs on Tuesdays", "Has a cat called Miso"].map((content) => ({ scope: `user/${person}`, content, subject: person })),
  params: { header: { "Idempotency-Key": idempotencyKey() } },
});
check(batch.response.status === 201 && Array.isArray(batch.data) && batch.data.length === 3, "batch create");

const listed: string[] = [];
let cursor: string | undefined;
let pages = 0;
do {
  const page = await api.GET("/api/v1/memories", { params: { query: { scope: `user/${person}`, limit: 2, cursor } } });
  check(page.data, "list");
  listed.push(...page.data.results.map((memory) => memory.id));
  cursor = page.data.next ?? undefined;
  pages += 1;
} while (cursor);
check(listed.length === 4 && pages === 2, "pagination");

const got = await api.GET("/api/v1/memories/{memory_id}", { params: { path: { memory_id: saved.id } } });
const etag = got.response.headers.get("ETag");
check(got.data && etag === '"1"', "get with ETag");

const changed = await api.PATCH("/api/v1/memories/{memory_id}", {
  params: { path: { memory_id: saved.id }, header: { "If-Match": etag } },
  body: { content: "Prefers answers in TypeScript, with types" },
});
check(changed.data?.version === 2, "PATCH with If-Match");

const stale = await api.PATCH("/api/v1/memories/{memory_id}", {
  params: { path: { memory_id: saved.id }, header: { "If-Match": '"1"' } },
  body: { content: "A stale change" },
});
check(stale.response.status === 409 && stale.error && "current" in stale.error, "typed 409");
check(stale.error.error.code === "version_conflict" && stale.error.current?.version === 2, "409 with current");

const found = await api.POST("/api/v1/memories/search", { body: { query: "answers in TypeScript", scope: `user/${person}` } });
check(found.data && found.data.results[0]?.memory.id === saved.id, "search");

const context = await api.POST("/api/v1/context", { body: { query: "answers in TypeScript", scope: `user/${person}`, token_budget: 300 } });
check(context.data && context.data.items.includes(saved.id) && context.data.block.startsWith("<memory"), "context");

const erased = await api.DELETE("/api/v1/subjects/{external_id}", {
  params: { path: { external_id: person }, header: { "Idempotency-Key": idempotencyKey() } },
});
check(erased.data && erased.data.counts["memories"] === 4, "erasure receipt");

const gone = await api.GET("/api/v1/memories/{memory_id}", { params: { path: { memory_id: saved.id } } });
check(gone.response.status === 404 && gone.error?.error.code === "not_found", "erased");

console.log(JSON.stringify({ created: saved.id, pages, version: changed.data.version, conflict: stale.error.error.code,
  hits: found.data.results.length, tokens: context.data.tokens, erased: erased.data.counts["memories"] }));
