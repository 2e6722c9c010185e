#!/usr/bin/env python3
"""Checks the demo page in headless Chromium (standard library only).

    python3 scripts/check-demo-page.py DIR [--scene NAME ...] [--chromium PATH]

DIR is what `portal-demo --out DIR` wrote: index.html and expected-samples.json. The check
1. loads the whole page, lets it run three seconds of virtual time, and reads the status the
   player writes into the DOM (#status): no error (console.error, an uncaught exception or a
   rejected promise), every scene's player started, ticks were played, and — when the page
   embeds the WebAssembly module — every scene ran live in it (its trace replayed there, not a
   recording played), so the pixels of step 2 are the module's;
2. for each scene in expected-samples.json (or those named), opens the page at
   #scene=NAME&tick=N&paused — that scene's player alone, its stage at the top-left corner, one
   CSS pixel per point — takes a screenshot, and compares the pixels at the sample points with
   the colours the render list gives there. For the first scene it also reads the DOM: the
   player stopped at that tick, and its clock self-test (one second of 60 Hz and 144 Hz display
   frames reaches tick 120 at 1× and 30 at 0.25×) passed;
3. loads the page in a frame and follows links as a reader does: a table-of-contents link
   scrolls to its scene without reloading the ~1 MB page, and a #scene=NAME&tick=N&paused link
   shows that scene with its stage at the top-left corner and its title and caption on show.
"""
import argparse, concurrent.futures, json, pathlib, re, shutil, struct, subprocess, sys, tempfile, zlib

TOLERANCE = 10  # per channel, out of 255: antialiasing and colour rounding stay well inside


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG into (width, height, channels, rows)."""
    data = pathlib.Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            elif kind != 0:
                raise ValueError(f"bad PNG filter {kind}")
        rows.append(line)
        previous = line
    return width, height, channels, rows


def chromium(binary, *arguments, timeout=60):
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--force-device-scale-factor=1", *arguments]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        sys.exit(f"error: chromium failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-2000:]}")
    return result


def status(dom):
    """The attributes and text of the page's #status element."""
    start = dom.find('<pre id="status"')
    if start < 0:
        return None, ""
    end = dom.find(">", start)
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', dom[start:end]))
    return attributes, dom[end + 1:dom.find("</pre>", end)]


# Runs in a page that holds the demo in an iframe (file:// frames are one origin only with
# --allow-file-access-from-files); writes what it saw into #out as JSON.
NAVIGATION_HARNESS = """<!doctype html><html><body><pre id='out'>{"done": false}</pre>
<iframe id='f' src='URL' width='1200' height='900'></iframe><script>
const f = document.getElementById('f'), seen = {done: false, loads: 0};
const shown = e => !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0;
f.addEventListener('load', () => {
  seen.loads += 1;
  const w = f.contentWindow, d = w.document;
  if (seen.loads === 1) {
    w.marker = 'first load';
    d.querySelector("nav a[href='#SCENE']").click();
    setTimeout(() => {
      seen.tocReloaded = w.marker !== 'first load';
      seen.tocTop = Math.round(d.getElementById('SCENE').getBoundingClientRect().top);
      w.location.hash = 'scene=SCENE&tick=1&paused';
    }, 1000);
  } else {
    setTimeout(() => {
      const section = d.getElementById('SCENE'), stage = section.querySelector('canvas.stage').getBoundingClientRect();
      seen.focused = d.body.classList.contains('focus') && section.classList.contains('focused');
      seen.stage = [Math.round(stage.left), Math.round(stage.top)];
      seen.titleShown = shown(section.querySelector('h2'));
      seen.captionShown = shown(section.querySelector('.caption'));
      seen.done = true;
      document.getElementById('out').textContent = JSON.stringify(seen);
    }, 1000);
  }
});
</script></body></html>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--scene", action="append", help="check only this scene (repeatable)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--keep", help="keep the screenshots in this directory")
    options = parser.parse_args()
    directory = pathlib.Path(options.directory).resolve()
    url = (directory / "index.html").as_uri()
    checks = json.loads((directory / "expected-samples.json").read_text())
    if options.scene:
        checks = [c for c in checks if c["scene"] in options.scene]
        if not checks:
            sys.exit(f"error: no expected samples for {options.scene}")
    failures = 0

    dom = chromium(options.chromium, "--virtual-time-budget=3000", "--dump-dom", url).stdout
    attributes, text = status(dom)
    if attributes is None:
        sys.exit("error: the page has no #status element")
    print(f"whole page: {text}")
    expected_players = len(json.loads((directory / "expected-samples.json").read_text()))
    if attributes.get("data-state") != "ok" or attributes.get("data-errors") != "0":
        print(f"FAIL: the player reports an error: {text}")
        failures += 1
    if attributes.get("data-players") != str(expected_players):
        print(f"FAIL: {attributes.get('data-players')} players started, expected {expected_players}")
        failures += 1
    if int(attributes.get("data-advanced", "0")) <= 0:
        print("FAIL: no tick was played")
        failures += 1
    # A page with the WebAssembly module in it runs every scene live there (its trace replayed
    # in the module); only a page written without the module plays recordings.
    if re.search(r"<script id='portal-wasm'[^>]*>[A-Za-z0-9+/]", (directory / "index.html").read_text()):
        if attributes.get("data-replayed") != str(expected_players):
            print(f"FAIL: {attributes.get('data-replayed')} scenes ran live in the module, expected all {expected_players}")
            failures += 1

    shots = pathlib.Path(options.keep) if options.keep else pathlib.Path(tempfile.mkdtemp(prefix="portal-demo-check-"))
    shots.mkdir(parents=True, exist_ok=True)
    # The DOM says which tick the focused player stopped at; reading it once checks the URL
    # hash and runs the clock self-test (a launch per scene would double the time).
    first = checks[0]
    attributes, text = status(chromium(options.chromium, "--dump-dom",
                                       f"{url}#scene={first['scene']}&tick={first['tick']}&paused&selftest").stdout)
    print(f"player clock: {(attributes or {}).get('data-selftest', 'no self-test ran')}")
    if not attributes or attributes.get("data-state") != "ok" or attributes.get("data-scene") != first["scene"] \
            or attributes.get("data-tick") != str(first["tick"]):
        print(f"FAIL {first['scene']}: expected the player stopped at tick {first['tick']} with no error; it reports: {text}")
        failures += 1

    harness = shots / "navigation.html"
    harness.write_text(NAVIGATION_HARNESS.replace("URL", url).replace("SCENE", checks[-1]["scene"]))
    dom = chromium(options.chromium, "--allow-file-access-from-files", "--virtual-time-budget=8000", "--dump-dom",
                   harness.as_uri()).stdout
    found = re.search(r"<pre id=\"out\">([^<]*)</pre>", dom)
    seen = json.loads(found.group(1)) if found else {"done": False}
    problems = [] if seen["done"] else ["the navigation harness did not finish"]
    if seen.get("tocReloaded", True):
        problems.append("a table-of-contents link reloaded the page")
    if seen.get("tocTop") != 0:
        problems.append(f"a table-of-contents link left its scene at {seen.get('tocTop')} px, not at the top")
    if not seen.get("focused") or seen.get("stage") != [0, 0]:
        problems.append(f"a #scene= link did not show the scene alone with its stage at the top-left: {seen}")
    if not (seen.get("titleShown") and seen.get("captionShown")):
        problems.append("a #scene= link hides the scene's title or caption")
    if problems:
        failures += 1
        print("FAIL links: " + "; ".join(problems))
    else:
        print(f"ok   links: the table of contents scrolls in place; #scene={checks[-1]['scene']} shows the scene with its title and caption")

    def screenshot(check):
        width, height = int(-(-check["stage"][0] // 1)), int(-(-check["stage"][1] // 1))
        shot = shots / f"{check['scene']}-{check['tick']}.png"
        chromium(options.chromium, f"--screenshot={shot}", f"--window-size={width},{height + 120}",
                 f"{url}#scene={check['scene']}&tick={check['tick']}&paused")
        return shot

    # Three browsers at a time: most of a launch is waiting.
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        shot_list = list(pool.map(screenshot, checks))
    for check, shot in zip(checks, shot_list):
        scene, tick = check["scene"], check["tick"]
        w, h, channels, rows = read_png(shot)
        bad = []
        for sample in check["samples"]:
            x, y = int(sample["x"]), int(sample["y"])
            want = [int(sample["colour"][i:i + 2], 16) for i in (1, 3, 5)]
            if not (0 <= x < w and 0 <= y < h):
                bad.append(f"({x}, {y}) is outside the {w}×{h} screenshot")
                continue
            got = list(rows[y][x * channels:x * channels + 3])
            if sample.get("darker"):
                if not all(4 <= b - a <= 140 for a, b in zip(got, want)):
                    bad.append(f"({x}, {y}) {sample['what']}: drew #{bytes(got).hex()}, not darker than the stage {sample['colour']}")
            elif max(abs(a - b) for a, b in zip(got, want)) > TOLERANCE:
                bad.append(f"({x}, {y}) {sample['what']}: drew #{bytes(got).hex()}, the render list says {sample['colour']}")
        if bad:
            failures += 1
            print(f"FAIL {scene} at tick {tick} ({shot}):\n  " + "\n  ".join(bad))
        else:
            print(f"ok   {scene} at tick {tick}: {len(check['samples'])} pixels as the render list says")
    if failures:
        sys.exit(f"error: {failures} demo page check(s) failed")
    print(f"demo page: ok ({len(checks)} scenes sampled)")


if __name__ == "__main__":
    main()
