// Run by tests/served/test_mem0.py with the npm packages mem0ai and @mem0/vercel-ai-provider installed beside it:
// `node mem0_ts_client.mjs <base URL> <key>`. mem0's TypeScript quickstart and its client's calls against
// Mnemara's /mem0, then the Vercel AI provider's memory calls (no language model involved). Prints one JSON line.
import MemoryClient from "mem0ai";
import { addMemories, getMemories, retrieveMemories } from "@mem0/vercel-ai-provider";

const [url, key] = process.argv.slice(2);
const seen = {};
const client = new MemoryClient({ apiKey: key, host: `${url}/mem0` });
const filters = { user_id: "dee" };

const added = await client.add(
  [{ role: "user", content: "Hi, I'm Dee. I'm a vegetarian and I'm allergic to nuts." },
   { role: "assistant", content: "Hello Dee! I've noted that." }],
  { user_id: "dee", metadata: { source: "ts" } });
seen.status = added.status;
seen.added = added.results.map((r) => r.memory).sort();
const plain = await client.add("Dee's locker is number 12", { filters, infer: false });
seen.found = (await client.search("What is Dee allergic to?", { filters, topK: 3 })).results.map((r) => r.memory);
const listed = await client.getAll({ filters, page: 1, pageSize: 50 });
seen.count = listed.count;
seen.camel = Object.keys(listed.results[0]).includes("userId");  // the client hands answers back camelCased
const locker = plain.results[0].id;
seen.updated = (await client.update(locker, { text: "Dee's locker is number 13" })).memory;
seen.history = (await client.history(locker)).map((h) => h.event);
seen.got = (await client.get(locker)).memory;
seen.users = (await client.users()).results.filter((e) => e.name === "dee").map((e) => [e.type, e.totalMemories]);
seen.feedback = (await client.feedback({ memoryId: locker, feedback: "POSITIVE" })).feedback;
seen.batch = (await client.batchUpdate([{ memoryId: locker, text: "Dee's locker is number 14" }])).message;
seen.deleted = (await client.delete(locker)).message;
try {
  await client.get(locker);
  seen.missing = "found";
} catch (error) {
  seen.missing = error.name;
}

const provider = { user_id: "lou", mem0ApiKey: key, host: `${url}/mem0` };
const saved = await addMemories([
  { role: "system", content: "You are a chef." },
  { role: "user", content: [{ type: "text", text: "I'm Lou and I always cook on a gas stove." }] },
  { role: "assistant", content: [{ type: "text", text: "Noted, Lou!" }] }], provider);
seen.vercelAdded = saved.results.map((r) => r.memory);
seen.vercelSkipped = saved.skipped.map((s) => s.reason);
seen.vercelFound = (await getMemories("What kind of stove does Lou use?", provider)).map((m) => m.memory);
seen.vercelPrompt = (await retrieveMemories("What kind of stove does Lou use?", provider)).includes("gas stove");

seen.deletedUsers = (await client.deleteUsers({ userId: "lou" })).message;
seen.deletedAll = (await client.deleteAll({ userId: "dee" })).message;
seen.left = (await client.getAll({ filters })).results.length;
console.log(JSON.stringify(seen));
