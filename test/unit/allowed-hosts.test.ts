// The allowlist of host names (ALLOWED_HOSTS, src/server/http/allowed-hosts.mjs) and the instance's own
// origins (env.ts): what the default holds, what a value may say, and what is refused at start.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { NetworkInterfaceInfo } from "node:os";
import { allowedHostsOf, bindHostOf, hostAllowed, launcherNames, parseAllowedHosts } from "@/server/http/allowed-hosts.mjs";

const nic = (address: string, internal = false) => ({ address, internal }) as NetworkInterfaceInfo;
const interfaces = { lo: [nic("127.0.0.1", true), nic("::1", true)], eth0: [nic("192.168.1.20"), nic("fe80::1"), nic("2001:db8::5")] };

describe("ALLOWED_HOSTS", () => {
  test("default: the loopback names and the names the launcher listens as (HOST, or this machine's name and addresses)", () => {
    assert.deepEqual(launcherNames("0.0.0.0", interfaces, "Studio-PC"), ["studio-pc", "192.168.1.20", "[2001:db8::5]"]);
    assert.deepEqual(launcherNames("::", interfaces, "box"), ["box", "192.168.1.20", "[2001:db8::5]"]);
    assert.deepEqual(launcherNames("videos.lan", interfaces, "box"), ["videos.lan"]);
    assert.deepEqual(launcherNames("127.0.0.1", interfaces, "box"), ["127.0.0.1"]);
    assert.equal(bindHostOf({}), "0.0.0.0");
    assert.equal(bindHostOf({ KINORA_DEMO: "1" }), "127.0.0.1");
    assert.equal(bindHostOf({ HOST: "10.0.0.5", KINORA_DEMO: "1" }), "10.0.0.5");
    assert.deepEqual(allowedHostsOf({ HOST: "127.0.0.1" }, ["127.0.0.1"]), ["localhost", "127.0.0.1", "[::1]"]);
    assert.deepEqual(allowedHostsOf({}, ["box", "192.168.1.20"]), ["localhost", "127.0.0.1", "[::1]", "box", "192.168.1.20"]);
  });

  test("a value replaces the default; PUBLIC_URL's host is always on the list", () => {
    assert.deepEqual(allowedHostsOf({ ALLOWED_HOSTS: "videos.example, .cdn.example  10.0.0.5" }, ["box"]), [
      "videos.example",
      ".cdn.example",
      "10.0.0.5",
    ]);
    assert.deepEqual(allowedHostsOf({ ALLOWED_HOSTS: "localhost", PUBLIC_URL: "https://Videos.Example/" }, []), [
      "localhost",
      "videos.example",
    ]);
    assert.deepEqual(allowedHostsOf({ ALLOWED_HOSTS: " " }, ["box"]), ["localhost", "127.0.0.1", "[::1]", "box"], "blank: the default");
  });

  test("entries: names and addresses as URLs write them; anything with a port, path or userinfo is invalid", () => {
    assert.deepEqual(parseAllowedHosts("Videos.Example,::1 [2001:db8::5] * .Example.org"), {
      hosts: ["videos.example", "[::1]", "[2001:db8::5]", "*", ".example.org"],
      invalid: [],
    });
    assert.deepEqual(parseAllowedHosts("a.example:3000 http://b.example c.example/x user@d.example .[::1] e%2e"), {
      hosts: [],
      invalid: ["a.example:3000", "http://b.example", "c.example/x", "user@d.example", ".[::1]", "e%2e"],
    });
  });

  test("matching: exact names, `.suffix` for the name and below it, `*` for any", () => {
    const list = ["localhost", ".videos.example"];
    assert.ok(hostAllowed("localhost", list));
    assert.ok(hostAllowed("LOCALHOST", list));
    assert.ok(hostAllowed("videos.example", list));
    assert.ok(hostAllowed("eu.videos.example", list));
    assert.ok(!hostAllowed("evilvideos.example", list));
    assert.ok(!hostAllowed("localhost.evil.example", list));
    assert.ok(!hostAllowed("127.0.0.1", list));
    assert.ok(hostAllowed("anything", ["*"]));
  });
});
