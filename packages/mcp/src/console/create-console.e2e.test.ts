import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMcpHttp, type ServedMcp } from "../__fixtures__/serve-mcp-http.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "../gateway/index.js";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "./__fixtures__/chromium.js";

// The web console in a real browser (Debian's Chromium, driven by playwright-core) against a real gateway with two
// real Streamable HTTP upstreams. Screenshots of each page go to test-results/console/, for a person to look at.
const SHOTS = fileURLToPath(new URL("../../test-results/console/", import.meta.url));
const ALICE = "alice-token-0123456789abcdef";
const BOB = "bob-token-0123456789abcdef01";
const CAROL = "carol-token-0123456789abcdef";

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM);

let billing: ServedMcp;
let crm: ServedMcp;
let gateway: Gateway;
let listener: HttpListener;
let browser: Browser;
let base: string;
const refunded: number[] = [];
// Page 2 of the invoices waits for one release: the browser must show page 1's events before the run can end.
let releasePage: (() => void) | undefined;
let released = 0;
const page2 = () => (released > 0 ? (released--, Promise.resolve()) : new Promise<void>((resolve) => (releasePage = resolve)));
const release = () => (releasePage ? (releasePage(), (releasePage = undefined)) : released++);

const INVOICES = `let total = 0, cursor;
do {
  const page = await tools.billing.list_invoices({ cursor });
  total += page.data.invoices.reduce((sum, amount) => sum + amount, 0);
  console.log("read page " + page.data.page + " of 2");
  cursor = page.data.next;
} while (cursor);
return { total };`;

const REFUND = `const customer = await tools.crm.find_customer({ email: "ada@example.com" });
const refund = await tools.billing.refund({ customer: customer.data.id, cents: 2500 });
return refund.ok ? "refunded " + refund.data.refunded : refund.error.code;`;

// eslint-disable-next-line codemode/no-skipped-tests -- needs Chromium, which a machine may lack (it says so above)
describe.skipIf(!HAS_CHROMIUM)("the web console, in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    billing = await serveMcpHttp({
      tools: [
        { name: "list_invoices", description: "List invoice amounts in cents, a page at a time.", inputSchema: { type: "object", properties: { cursor: { type: "string" } } } },
        {
          name: "refund",
          description: "Refund an amount in cents to a customer.",
          inputSchema: { type: "object", properties: { customer: { type: "string" }, cents: { type: "number" } }, required: ["customer", "cents"] },
          annotations: { destructiveHint: true },
        },
      ],
      async call(name, args) {
        if (name === "refund") {
          refunded.push(args["cents"] as number);
          return { content: [{ type: "text", text: "ok" }], structuredContent: { refunded: args["cents"] } };
        }
        if (args["cursor"] === "p2") await page2();
        const data = args["cursor"] === "p2" ? { page: 2, invoices: [400, 100] } : { page: 1, invoices: [1200, 800], next: "p2" };
        return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
      },
    });
    crm = await serveMcpHttp({
      tools: [{ name: "find_customer", description: "Find a customer by email.", inputSchema: { type: "object", properties: { email: { type: "string" } } } }],
      async call() {
        const data = { id: "cus_ada", name: "Ada" };
        return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
      },
    });
    const config = parseGatewayConfig({
      mcpServers: { billing: { url: billing.url }, crm: { url: crm.url } },
      auth: {
        bearer: [
          { name: "alice", token: ALICE },
          { name: "bob", token: BOB, allow: ["crm.*"] },
          { name: "carol", token: CAROL },
        ],
      },
      approvals: { destructive: true },
      sessions: {},
      console: { principals: ["alice", "bob"] },
      limits: { timeoutMs: 20_000 },
      poolSize: 2,
    });
    gateway = createGateway(config, { log: () => undefined });
    await gateway.start();
    listener = await gateway.listen({ port: 0 });
    base = new URL("/console/", listener.url).href;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await Promise.all([billing?.close(), crm?.close()]);
  });

  /** A fresh browser profile, recording any Content-Security-Policy violation of the page. */
  async function open(): Promise<{ context: BrowserContext; page: Page; violations: () => Promise<string[]> }> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    // The page's own code, as a string: it runs in the browser, beside the page's scripts.
    await page.addInitScript(`globalThis.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) => globalThis.cspViolations.push(event.violatedDirective + " " + event.blockedURI));`);
    await page.goto(base);
    return { context, page, violations: () => page.evaluate("globalThis.cspViolations") as Promise<string[]> };
  }

  async function signIn(page: Page, token: string): Promise<void> {
    await page.getByLabel("Token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

  it("signs in, finds a tool, runs a script live, approves a paused call, and shows runs and sessions", async () => {
    const { context, page, violations } = await open();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await shoot(page, "1-sign-in");
    await signIn(page, ALICE);
    await page.getByText("Signed in as").waitFor();
    await expect.poll(() => page.locator("nav .name").textContent()).toBe("alice");

    // Upstreams: both servers, connected, with their tools counted.
    const upstreams = page.getByRole("table", { name: "Upstreams" });
    await upstreams.getByText("crm", { exact: true }).waitFor();
    expect(await upstreams.locator("tbody tr").count()).toBe(2);
    expect(await upstreams.getByText("connected").count()).toBe(2);
    await shoot(page, "2-upstreams");

    // Catalog: the model's search finds the refund tool; its declaration and schema are shown.
    await nav(page).getByRole("link", { name: "Catalog" }).click();
    await page.getByLabel("Search tools").fill("refund a customer");
    await page.getByRole("button", { name: /billing\.refund/ }).click();
    const declaration = page.getByLabel("Declaration");
    await declaration.waitFor();
    expect(await declaration.textContent()).toContain("tools.billing.refund(");
    expect(await page.getByLabel("Tool details").textContent()).toContain('"cents"');
    await shoot(page, "3-catalog");

    // Playground: the check finds a misspelt tool before anything runs, and names the one meant.
    await nav(page).getByRole("link", { name: "Playground" }).click();
    await setScript(page, `const page = await tools.billing.list_invoice({});\nreturn page.data;`);
    await page.getByRole("button", { name: "Check" }).click();
    const problems = page.getByLabel("Problems");
    await problems.waitFor();
    expect(await problems.textContent()).toContain("list_invoices");
    expect(await page.locator(".cm-lintRange-error").count()).toBeGreaterThan(0);
    await shoot(page, "4-check");

    // A two-page script; the second page is read only once this page shows the first page's line. Editing the script
    // clears what the check found in the one before.
    await setScript(page, INVOICES);
    await problems.waitFor({ state: "detached" });
    expect(await page.locator(".cm-lintRange-error").count()).toBe(0);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const events = page.getByLabel("Live events");
    await events.getByText("read page 1 of 2").waitFor();
    expect(await events.getByText("billing.list_invoices").count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByLabel("Result").textContent()).not.toContain("2500");
    release();
    await page.getByLabel("Result").getByText('"total": 2500').waitFor();
    expect(await page.getByLabel("Console").textContent()).toContain("read page 2 of 2");
    await shoot(page, "5-playground");

    // A call that needs approval pauses the run; Approvals decides it and the run finishes there.
    await setScript(page, REFUND);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByText("The run is waiting for a person to approve 1 call(s)").waitFor();
    expect(refunded).toEqual([]);
    await nav(page).getByRole("link", { name: /Approvals/ }).click();
    const paused = page.getByLabel("Paused run");
    await paused.getByText("billing.refund waits for your approval").waitFor();
    expect(await paused.textContent()).toContain('"cents":2500');
    await shoot(page, "6-approvals");
    await paused.getByRole("button", { name: "Approve" }).click();
    await paused.getByLabel("Result").getByText('"refunded 2500"').waitFor();
    expect(refunded).toEqual([2500]);
    await shoot(page, "7-approved");

    // Runs: the runs of this principal, and one run's timeline.
    await nav(page).getByRole("link", { name: "Runs" }).click();
    const runs = page.getByRole("table", { name: "Recent runs" });
    await runs.getByText("completed").first().waitFor();
    expect(await runs.locator("tbody tr").count()).toBeGreaterThanOrEqual(3);
    await runs.locator("tbody tr").last().click();
    const timeline = page.getByLabel("Timeline");
    await timeline.getByText("billing.list_invoices").first().waitFor();
    expect(await timeline.locator(".lane").count()).toBe(2);
    await shoot(page, "8-runs");

    // Sessions: one opened by an MCP client as alice.
    const sessionId = await openSession(ALICE);
    await nav(page).getByRole("link", { name: "Sessions" }).click();
    await page.getByRole("table", { name: "Sessions" }).getByText(sessionId).waitFor();
    await shoot(page, "9-sessions");

    // The token never reached the page's storage, cookies a script can read, or a URL; the CSP blocked nothing.
    expect(page.url()).not.toContain(ALICE);
    expect(await page.evaluate("[document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join(' ')")).not.toContain(ALICE);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "codemode_console", httpOnly: true, sameSite: "Strict", path: "/console" });
    expect(cookie!.value).not.toContain(ALICE);
    expect(await violations()).toEqual([]);
    await context.close();
  }, 120_000);

  it("refuses a principal the console does not admit, and a token the gateway does not take", async () => {
    const { context, page } = await open();
    await signIn(page, CAROL);
    await page.getByRole("alert").getByText("carol may not use the console").waitFor();
    await shoot(page, "10-refused");
    await signIn(page, "not-a-token-of-this-gateway");
    await page.getByRole("alert").getByText(/Unauthorized/).waitFor();
    expect(await page.getByText("Signed in as").count()).toBe(0);
    await context.close();
  }, 60_000);

  it("shows a principal only what its allowlist lets it see", async () => {
    const { context, page } = await open();
    await signIn(page, BOB);
    const upstreams = page.getByRole("table", { name: "Upstreams" });
    await upstreams.getByText("crm", { exact: true }).waitFor();
    expect(await upstreams.locator("tbody tr").count()).toBe(1);
    await nav(page).getByRole("link", { name: "Catalog" }).click();
    await page.getByLabel("Search tools").fill("refund");
    await page.getByText(/^\d+ tool\(s\) match$/).waitFor();
    expect(await page.getByLabel("Search results").getByText("billing.refund").count()).toBe(0);
    await nav(page).getByRole("link", { name: "Playground" }).click();
    await setScript(page, `return await tools.billing.list_invoices({});`);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    // Refused by the check (no such tool in its declarations) or, where scripts are not checked, by the call (not_found).
    await page.getByLabel("Result").getByText(/CheckFailed|not_found/).first().waitFor();
    await context.close();
  }, 60_000);

  it("keeps the gateway's checks: the API needs its header, a sign-in and the gateway's own origin", async () => {
    const me = new URL("api/me", base).href;
    expect((await fetch(me)).status).toBe(403);
    expect((await fetch(me, { headers: { "x-codemode-console": "1" } })).status).toBe(401);
    const foreign = await fetch(me, { headers: { "x-codemode-console": "1", origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const signedIn = await fetch(new URL("api/session", base), {
      method: "POST",
      headers: { "x-codemode-console": "1", "content-type": "application/json" },
      body: JSON.stringify({ token: ALICE }),
    });
    const cookie = signedIn.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(ALICE);
    const page = await fetch(base);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

/** The console's sidebar of pages. */
const nav = (page: Page) => page.getByRole("navigation", { name: "Pages" });

/** Replaces the editor's text as a person pasting it would (typing would let the editor close brackets itself). */
async function setScript(page: Page, code: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

/** Opens a code session as a principal, through a real MCP client, and returns its id. */
async function openSession(token: string): Promise<string> {
  const client = new Client({ name: "console-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  const answer = await client.callTool({ name: "execute", arguments: { code: "let kept = 1; return kept;", sessionId: "new" } });
  await client.close();
  return (answer.structuredContent as { sessionId: string }).sessionId;
}
