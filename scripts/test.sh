#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs every check, C++ and Python.
#
#   ./scripts/test.sh           everything (what CI runs)
#   ./scripts/test.sh --quick   g++ build and C++ tests only
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
jobs=${JOBS:-$(nproc)}
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1

started=$(date +%s)
stage() { printf '\n==== %s (at %d s) ====\n' "$*" $(($(date +%s) - started)); }

# ---- dependencies -------------------------------------------------------------------------------
need_apt=()
# libclang-rt-dev holds clang's sanitizer runtimes: only a Recommends of clang, so name it.
for pkg in catch2 doxygen graphviz libc++-dev libc++abi-dev libclang-rt-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
for tool in cmake ninja:ninja-build g++:g++ clang++:clang clang-format:clang-format; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || need_apt+=("${tool##*:}")
done
# Debian's own python3 refuses pip installs (PEP 668): the Python stages then run in a virtual
# environment, build/venv, which needs Debian's venv and headers packages.
python=python3
python_needs_venv() {
  command -v python3 >/dev/null 2>&1 || return 0
  python3 -c 'import os, sys, sysconfig
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
sys.exit(0 if managed and sys.prefix == sys.base_prefix else 1)'
}
if ((!quick)) && [[ -f pyproject.toml ]] && python_needs_venv; then
  python="$root/build/venv/bin/python"
  for pkg in python3 python3-venv python3-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
  done
fi
if ((${#need_apt[@]})); then
  stage "installing Debian packages: ${need_apt[*]}"
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
fi

cxx_suite() { # name, compiler, extra cmake args...
  local name=$1 compiler=$2
  shift 2
  stage "C++ suite: $name"
  # Unity build: the test files compile as two translation units of up to 20 files, one a core,
  # which instantiate the templates they share once instead of once a file (on two cores, the
  # sanitized suite's build took 223 s instead of about 410; the g++ suite's test objects, 271 s
  # of CPU instead of 542). tests/CMakeLists.txt keeps the header checks out of it.
  cmake -S . -B "build/$name" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=20 -DBATTLESHIP_BUILD_TESTS=ON "$@" \
    >/dev/null
  cmake --build "build/$name" -j "$jobs"
  ctest --test-dir "build/$name" --output-on-failure -j "$jobs"
  # Every Catch2 test case must have reached CTest: a name the discovery script cannot parse
  # (a bracket in it, say) silently drops test cases instead of failing.
  local unregistered
  unregistered=$(comm -23 \
    <("build/$name/tests/battleship_tests" --list-test-names-only | grep . | sort) \
    <(ctest --test-dir "build/$name" -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort))
  if [[ -n "$unregistered" ]]; then
    printf 'test cases CTest never runs (rename them):\n%s\n' "$unregistered" >&2
    return 1
  fi
}

cxx_suite gcc g++ -DCMAKE_BUILD_TYPE=Release -DBATTLESHIP_LONG_TESTS=ON
if ((quick)); then
  echo "quick run passed in $(($(date +%s) - started)) s"
  exit 0
fi
stage "libc++: the headers and the examples compile against LLVM's standard library"
# What libstdc++ has and older libc++ lacks or keeps experimental (std::jthread before LLVM 20,
# floating-point from_chars, <=> on std::array before 15) fails here, for macOS users.
{ git ls-files 'include/*.hpp' | sed 's|^include/\(.*\)|#include <\1>|'; echo 'int main() {}'; } \
  >build/libcxx_headers.cpp
{ echo build/libcxx_headers.cpp; git ls-files 'examples/*.cpp'; } |
  xargs -P "$jobs" -n 1 clang++ -std=c++20 -stdlib=libc++ -fsyntax-only -Wall -Wextra -Wpedantic \
    -Wshadow -Wconversion -Wsign-conversion -Werror -Iinclude -Ibuild/gcc/generated
echo "every header and $(git ls-files 'examples/*.cpp' | wc -l) example sources compile with libc++"
# The same seed plays the same games with either standard library: the engine draws every random
# number itself (no std:: distribution or shuffle, whose results differ between libraries). A
# digest of every built-in shooter's and placer's games, built with each, must be the same.
g++ -std=c++20 -O1 -Wall -Wextra -Wpedantic -Werror -Iinclude tests/cross_library/game_digests.cpp \
  -o build/digests_libstdcxx -pthread &
gcc_build=$!
clang++ -std=c++20 -stdlib=libc++ -O1 -Wall -Wextra -Wpedantic -Werror -Iinclude \
  tests/cross_library/game_digests.cpp -o build/digests_libcxx -pthread
wait "$gcc_build"
build/digests_libstdcxx >build/digests_libstdcxx.txt
build/digests_libcxx >build/digests_libcxx.txt
diff build/digests_libstdcxx.txt build/digests_libcxx.txt
echo "libstdc++ and libc++ builds play the same $(wc -l <build/digests_libcxx.txt) sets of games"
stage "ThreadSanitizer: the tests that play on several threads"
# The whole suite under TSan runs for 8 minutes (it passes); these three files run simulate,
# match, the tournament and the batch posteriors on several threads, in 25 s.
mkdir -p build/tsan
printf '%s\n' tests/test_simulate.cpp tests/test_tournament.cpp tests/test_batch_posteriors.cpp |
  xargs -P "$jobs" -I{} sh -c 'g++ -std=c++20 -O1 -g1 -fsanitize=thread -Wall -Wextra \
    -Wpedantic -Werror -Iinclude -Itests -Ibuild/gcc/generated -c "$1" \
    -o "build/tsan/$(basename "$1" .cpp).o"' sh {}
g++ -fsanitize=thread build/tsan/test_*.o -lCatch2WithMain -o build/tsan/thread_tests
TSAN_OPTIONS=halt_on_error=1 build/tsan/thread_tests
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# clang, not g++: its UBSan also checks pointer arithmetic (pointer-overflow, which found
# d[c - 1] at c = 0 in probability.hpp where g++'s passed), and it builds the suite faster (on
# two cores, 232 to 319 s against 451 s; test_strategies.cpp alone, 29 s against 58 s). It is
# also CI's clang++ suite, compile-only checks included (headers alone, compile-fail, consumers):
# a second, optimised clang++ build ran the same tests again for a seventh of CI's time. The
# examples stay out (145 s on two slow cores): the g++ suite runs them, libc++'s stage compiles
# them with clang++, and the library code they call runs here under the tests. Debug keeps the
# assertions; -g1 (line tables only) still gives the sanitizers' stack traces their file:line,
# and compiles faster than -g. The text readers' fuzzers (libFuzzer, so clang) build and run here
# too, 20,000 inputs each.
cxx_suite sanitize clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS=-O1 \
  -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DBATTLESHIP_SANITIZE=ON -DBATTLESHIP_BUILD_BENCH=OFF \
  -DBATTLESHIP_BUILD_EXAMPLES=OFF -DBATTLESHIP_FUZZ=ON

stage "Doxygen (warnings are errors)"
cmake -S . -B build/docs -G Ninja -DBATTLESHIP_BUILD_DOCS=ON -DBATTLESHIP_BUILD_TESTS=OFF \
  -DBATTLESHIP_BUILD_EXAMPLES=OFF -DBATTLESHIP_BUILD_BENCH=OFF >/dev/null
cmake --build build/docs --target docs

stage "clang-format"
git ls-files '*.hpp' '*.cpp' | xargs clang-format --dry-run -Werror
echo "formatting is clean"

if [[ -f pyproject.toml ]]; then
  stage "Python package and tests (${python})"
  if [[ "$python" != python3 && ! -x "$python" ]]; then
    python3 -m venv "$root/build/venv"
  fi
  "$python" -m pip install -q --upgrade pip >/dev/null
  if [[ -f python/requirements-test.txt ]]; then
    "$python" -m pip install -q -r python/requirements-test.txt
  fi
  # The bindings are the project's own code: here their warnings are errors, as the headers' are.
  # (A user's `pip install .` keeps BATTLESHIP_WERROR=OFF: a newer compiler must not break it.)
  "$python" -m pip install -q . --config-settings=cmake.define.BATTLESHIP_WERROR=ON
  stage "Conan package (conan create, then test_package/ builds the consumer against it)"
  "$python" -m pip install -q "conan>=2"
  export CONAN_HOME="$root/build/conan-home"
  "$python" -m conans.conan profile detect --force >/dev/null 2>&1
  "$python" -m conans.conan create . -s compiler.cppstd=20 -s build_type=Release \
    >build/conan.log 2>&1 || { tail -40 build/conan.log; exit 1; }
  grep "sank the fleet" build/conan.log
  stage "Python plays the C++ library's games"
  # The same 30 digests as game_digests.cpp's, through the installed package: the Python layer
  # (seat order, placers, board sizes, its inlined and type-erased loops) plays the engine's games.
  "$python" tests/cross_library/game_digests.py >build/digests_python.txt
  diff build/digests_libstdcxx.txt build/digests_python.txt
  echo "the Python package plays the same $(wc -l <build/digests_python.txt) sets of games"
  stage "pytest"
  if compgen -G "tests/python/test_*.py" >/dev/null; then
    # -rs lists every skipped test with its reason: a missing extra must not hide tests silently.
    # -n: pytest-xdist spreads the tests over the cores (242 s on one, 147 s on two).
    (cd "$root" && "$python" -m pytest -q -rs -n "$jobs" tests/python)
  fi
fi

echo
echo "all checks passed in $(($(date +%s) - started)) s"
