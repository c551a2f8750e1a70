# Every command line the Markdown files quote for an example program or a benchmark is one it takes:
# run as quoted with --help added at the end, which each program's parser reaches only after it has
# accepted every argument before it (an unknown option, a malformed number or an unknown shooter,
# placer or rule set name exits 2 first), so the program prints its usage and plays nothing. A
# command with a placeholder (FILE, <name>, [ROWS COLS ...]) is a pattern, not a command to type;
# only its program must exist.
#
#   cmake -DSOURCE_DIR=<sources> -DBUILD_DIR=<build tree> -P check_doc_commands.cmake
file(GLOB docs "${SOURCE_DIR}/docs/*.md")
set(checked 0)
foreach(doc IN ITEMS "${SOURCE_DIR}/README.md" "${SOURCE_DIR}/CONTRIBUTING.md" ${docs})
  file(READ "${doc}" text)
  # Fenced blocks out (every other piece between fences): what they hold is not inline code.
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "```" ";" pieces "${text}")
  set(text "")
  set(in_fence FALSE)
  foreach(piece IN LISTS pieces)
    if(NOT in_fence)
      string(APPEND text "${piece}")
    endif()
    if(in_fence)
      set(in_fence FALSE)
    else()
      set(in_fence TRUE)
    endif()
  endforeach()
  string(REGEX MATCHALL "`[^`]+`" spans "${text}")
  string(REPLACE "\n" " " spans "${spans}") # a span may wrap onto the next line
  set(quoted "")
  foreach(span IN LISTS spans) # a span may chain commands: cmake --build ... && ./build/...
    string(REGEX REPLACE "^`|`$" "" span "${span}")
    string(REPLACE " && " ";" parts "${span}")
    foreach(part IN LISTS parts)
      if(part MATCHES "^(\\./build/[^/ ]+/)?(bench/)?(bench_[a-z_]+|examples/[a-z_]+)( |$)")
        list(APPEND quoted "${part}")
      endif()
    endforeach()
  endforeach()
  foreach(command IN LISTS quoted)
    if(command MATCHES "^\\./build/[^/ ]+/(.*)") # the build tree is BUILD_DIR here
      set(command "${CMAKE_MATCH_1}")
    endif()
    if(command MATCHES "^bench/(.*)")
      set(command "${CMAKE_MATCH_1}")
    endif()
    separate_arguments(words UNIX_COMMAND "${command}")
    list(POP_FRONT words program)
    if(program MATCHES "^examples/(python|layouts|plugin_package|notebooks)$")
      continue() # folders, not programs
    endif()
    if(program MATCHES "^bench_")
      set(binary "${BUILD_DIR}/bench/${program}")
    else()
      set(binary "${BUILD_DIR}/${program}")
    endif()
    if(NOT EXISTS "${binary}")
      message(SEND_ERROR "${doc}: `${command}`: there is no ${program}")
      continue()
    endif()
    if(command MATCHES "[[<]|\\.\\.\\.|(^| )[A-Z][A-Z_]*( |$)")
      continue() # a pattern: its program exists
    endif()
    execute_process(COMMAND "${binary}" ${words} --help WORKING_DIRECTORY "${SOURCE_DIR}"
                    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(NOT status STREQUAL "0" OR NOT output MATCHES "[Uu]sage")
      message(SEND_ERROR "${doc}: `${command}` is refused (status ${status}):\n${output}")
    endif()
    math(EXPR checked "${checked} + 1")
  endforeach()
endforeach()
if(checked LESS 20)
  message(FATAL_ERROR "only ${checked} quoted commands found: has the quoting changed?")
endif()
message("${checked} quoted commands of the examples and benchmarks take their arguments")
