# Options for the project's own targets only (tests, examples, benchmarks, the Python module):
# consumers of the INTERFACE library are never given our flags.

# POPCNT is the hot instruction of the bitboard shooters; without it g++ calls a libgcc routine
# for every std::popcount. x86-64-v2 (POPCNT, SSE4.2: every x86-64 CPU since about 2009) is
# the level RHEL 9 and other distributions already require. Results never depend on it.
# The default asks the compiler and, unless cross-compiling, this machine's CPU too: a module
# built for x86-64-v2 on an older CPU (or a virtual one such as QEMU's qemu64) dies of SIGILL.
include(CheckCXXCompilerFlag)
include(CheckCXXSourceRuns)
set(battleship_arch_default OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT MSVC)
  check_cxx_compiler_flag(-march=x86-64-v2 battleship_has_x86_64_v2)
  if(battleship_has_x86_64_v2 AND NOT CMAKE_CROSSCOMPILING)
    check_cxx_source_runs([[
      int main() {
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.2") &&
                       __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("ssse3")
                   ? 0
                   : 1;
      }]] battleship_cpu_has_x86_64_v2)
  endif()
  if(battleship_has_x86_64_v2 AND (CMAKE_CROSSCOMPILING OR battleship_cpu_has_x86_64_v2))
    set(battleship_arch_default ON)
  endif()
endif()
option(BATTLESHIP_X86_64_V2 "Build the project's own targets for x86-64-v2 (POPCNT)"
       ${battleship_arch_default})

# Warnings as errors (optional), sanitizers (optional) and the instruction set. The conversion
# and shadowing warnings are here so that the headers stay clean for consumers who build with them.
function(battleship_target_options target)
  if(MSVC)
    # /utf-8: the sources are UTF-8 (the benchmarks print "±" and "µs"); under another code page
    # MSVC would warn (C4819), an error with /WX.
    target_compile_options(${target} PRIVATE /W4 /utf-8 $<$<BOOL:${BATTLESHIP_WERROR}>:/WX>)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                           -Wsign-conversion $<$<BOOL:${BATTLESHIP_WERROR}>:-Werror>)
  endif()
  if(BATTLESHIP_X86_64_V2)
    target_compile_options(${target} PRIVATE -march=x86-64-v2)
  endif()
  if(BATTLESHIP_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                           -fno-sanitize-recover=all)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
