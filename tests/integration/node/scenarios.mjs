// The official openai npm package against the sidecar through Envoy.  Run by
// tests/integration/test_openai_node_sdk.py: `node scenarios.mjs PORT SOURCE GROUNDED UNGROUNDED`
// prints one JSON object per scenario, read from the parsed objects (never from headers).
import OpenAI from "openai";

const [port, source, grounded, ungrounded] = process.argv.slice(2);

function client(workspace, answer, headers = {}) {
  return new OpenAI({
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey: "sk-node-client-test",
    maxRetries: 0,
    defaultHeaders: { "x-workspace-id": workspace, "x-mock-answer": answer, ...headers },
  });
}

function create(sdk, options = {}) {
  return sdk.chat.completions.create({
    model: "mock-1",
    messages: [{ role: "user", content: "Tell me about the Eiffel Tower." }],
    metadata: { "grounding.sources": source },
    ...options,
  });
}

async function collect(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const results = {};

const completion = await create(client("block-report", grounded));
results.grounded_json = {
  verdict: completion.grounding?.verdict,
  claim_text: completion.choices[0].message.content.slice(...completion.grounding.claims[0].span),
};

try {
  await create(client("block-report", ungrounded));
  results.refused_json = { raised: null };
} catch (error) {
  results.refused_json = {
    raised: error instanceof OpenAI.PermissionDeniedError ? "PermissionDeniedError" : error.name,
    status: error.status,
    code: error.code,
  };
}

const logChunks = await collect(await create(client("log-report", ungrounded), { stream: true }));
const last = logChunks[logChunks.length - 1];
results.log_stream = {
  text: logChunks.map((c) => c.choices[0]?.delta?.content ?? "").join(""),
  finish_reason: last.choices[0]?.finish_reason,
  verdict: last.grounding?.verdict,
};

const refused = await collect(await create(client("block-report", ungrounded), { stream: true }));
results.refused_stream = {
  chunks: refused.length,
  finish_reason: refused[0].choices[0]?.finish_reason,
  refusal: refused[0].grounding?.refusal,
};

const mixed = `${grounded} ${ungrounded} ${grounded}`;
const redacted = await create(client("redact", mixed));
results.redact_json = {
  content: redacted.choices[0].message.content,
  redacted: redacted.grounding?.redacted,
};

const progressive = await collect(await create(client("progressive", mixed), { stream: true }));
results.progressive_stream = {
  text: progressive.map((c) => c.choices[0]?.delta?.content ?? "").join(""),
  finish_reason: progressive[progressive.length - 1].choices[0]?.finish_reason,
};

// The SDK asks for gzip; an upstream that compresses when asked still gets checked.
const compressing = { "x-mock-encoding": "if-asked" };
try {
  await create(client("block", ungrounded, compressing));
  results.compressing_upstream = { raised: null };
} catch (error) {
  results.compressing_upstream = { status: error.status, code: error.code };
}

console.log(JSON.stringify(results));
