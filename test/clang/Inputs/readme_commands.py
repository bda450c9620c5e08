"""Writes the README's whole-program commands as a shell script.

The commands are the ```sh block after the README's
"<!-- whole-program" marker, as they are, but for the paths a test must
choose: the plugin (build/passes/libDivOpt.so there), the CUDA
installation (/usr/local/cuda) and clang (clang++-22 there; lit's own
clang, which in a sanitized run preloads the sanitizer runtime). The script runs them in the current
directory on app.cu, echoing each.

usage: readme_commands.py README.md PLUGIN CUDA_PATH CLANG [RUNTIME_DIR] > run.sh

RUNTIME_DIR replaces the README's build/runtime (libdivopt-launch's
directory); it defaults to the plugin's build tree's runtime/.
"""
import os
import shlex
import sys


def commands(readme):
    lines = readme.splitlines()
    start = next(i for i, l in enumerate(lines) if "<!-- whole-program" in l)
    fence = next(i for i in range(start, len(lines))
                 if lines[i].startswith("```"))
    block = []
    for line in lines[fence + 1:]:
        if line.startswith("```"):
            break
        if line.strip() and not line.lstrip().startswith("#"):
            block.append(line)
    return block


def main():
    readme, plugin, cuda, clang = sys.argv[1:5]
    runtime = (sys.argv[5] if len(sys.argv) > 5 else
               os.path.join(os.path.dirname(os.path.dirname(plugin)),
                            "runtime"))
    with open(readme) as f:
        block = commands(f.read())
    if not block:
        sys.exit("readme_commands.py: no commands after the marker")
    print("set -ex")
    for command in block:
        command = command.replace("build/passes/libDivOpt.so", plugin)
        command = command.replace("/usr/local/cuda", cuda)
        command = command.replace("build/runtime", runtime)
        if command.startswith("clang++-22 "):
            command = clang + command[len("clang++-22"):]
        # Check that the command still is one command line.
        shlex.split(command)
        print(command)


if __name__ == "__main__":
    main()
