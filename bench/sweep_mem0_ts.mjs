// The sweep's npm mem0ai part (bench/sweep_mem0.py copies it beside the package in .cache and runs
// `node sweep_mem0_ts.mjs <base URL> <key> <user id>`): one JSON line per call, {method, case, wrong}
// (wrong: null when the answer is the one the docs promise, else why).
import MemoryClient from "mem0ai";

const [url, key, user] = process.argv.slice(2);
const client = new MemoryClient({ apiKey: key, host: `${url}/mem0` });
const filters = { user_id: user };

// expected: words the error must hold when a refusal is the promised answer (e.g. "MemoryNotFoundError").
async function call(method, kase, fn, check = () => null, expected = null) {
  let wrong = null;
  try {
    const answer = await fn();
    wrong = expected ? `expected ${expected}, got an answer` : check(answer);
  } catch (error) {
    const text = `${error.name}: ${error.message}`.slice(0, 300);
    wrong = expected && text.includes(expected) ? null : text;
  }
  console.log(JSON.stringify({ method, case: kase, wrong }));
}

const kept = (a) => (a.status === "SUCCEEDED" && a.results.length ? null : `kept nothing: ${JSON.stringify(a).slice(0, 200)}`);
const has = (word) => (a) => (JSON.stringify(a).toLowerCase().includes(word) ? null : `no ${word}: ${JSON.stringify(a).slice(0, 200)}`);

let added;
await call("add", "en conversation", async () => (added = await client.add([
  { role: "user", content: "I'm training for the Lisbon marathon in October." },
  { role: "assistant", content: "Good luck! How is the training going?" },
  { role: "user", content: "Slowly, my left knee hurts after long runs." }], { user_id: user })), kept);
await call("add", "zh statement", () => client.add("我女儿在学钢琴，每周六上课。", { user_id: user }), kept);
await call("add", "infer false + metadata", () => client.add("Locker 12", { user_id: user, infer: false, metadata: { a: 1 } }),
  (a) => (a.results.length === 1 ? null : JSON.stringify(a)));
await call("add", "empty string (the client refuses it)", () => client.add("", { user_id: user }), () => null,
  "empty messages");
await call("search", "en", () => client.search("What hurts?", { filters, topK: 3 }), has("knee"));
await call("search", "zh", () => client.search("女儿学什么", { filters, topK: 3 }), has("钢琴"));
await call("getAll", "filters", () => client.getAll({ filters, page: 1, pageSize: 50 }), (a) => (a.count >= 3 ? null : JSON.stringify(a).slice(0, 200)));
await call("getAll", "OR + created_at", () => client.getAll({ filters: { AND: [filters, { created_at: { gte: "2020-01-01" } }] } }), has("knee"));
const id = added?.results?.[0]?.id;
if (id) {
  await call("get", "by id", () => client.get(id), has("marathon"));
  await call("update", "text", () => client.update(id, { text: "Training for the Porto marathon" }), has("porto"));
  await call("history", "", () => client.history(id), (a) => (a.length >= 2 ? null : JSON.stringify(a)));
  await call("delete", "", () => client.delete(id));
  await call("get", "after delete", () => client.get(id), () => null, "MemoryNotFoundError");
}
await call("get", "unknown id", () => client.get("00000000-0000-0000-0000-000000000000"), () => null, "MemoryNotFoundError");
await call("users", "", () => client.users(), has(user));
await call("deleteAll", "user", () => client.deleteAll({ user_id: user }));
await call("getAll", "after deleteAll", () => client.getAll({ filters }), (a) => (a.results.length === 0 ? null : JSON.stringify(a).slice(0, 200)));
