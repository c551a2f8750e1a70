# battleship_add_output_test(NAME name REGEX regex [FAILS] COMMAND program args...): a CTest test
# that passes only when the program exits with status 0 (with FAILS: any other status) and its
# output (stdout and stderr) matches `regex`. PASS_REGULAR_EXPRESSION alone ignores the exit
# status, so a program that printed its rows and then failed would pass; WILL_FAIL alone takes any
# failure, so a compile-fail test would pass on a typo. The regex and the arguments must not
# contain a semicolon.
#
# CTest runs this file as a script (cmake -DREGEX=... -DFAILS=... -P output_test.cmake -- program
# args...).
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE) # run as the test, not included
  set(command)
  set(after_dashes FALSE)
  math(EXPR last "${CMAKE_ARGC} - 1")
  foreach(i RANGE ${last})
    if(after_dashes)
      list(APPEND command "${CMAKE_ARGV${i}}")
    elseif(CMAKE_ARGV${i} STREQUAL "--")
      set(after_dashes TRUE)
    endif()
  endforeach()
  execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  message("${output}")
  list(JOIN command " " shown)
  if(FAILS AND status STREQUAL "0")
    message(FATAL_ERROR "${shown} succeeded, but it must fail")
  elseif(NOT FAILS AND NOT status STREQUAL "0")
    message(FATAL_ERROR "${shown} exited with status ${status}")
  endif()
  if(NOT output MATCHES "${REGEX}")
    message(FATAL_ERROR "the output does not match: ${REGEX}")
  endif()
  return()
endif()

set(battleship_output_test_script "${CMAKE_CURRENT_LIST_FILE}")
function(battleship_add_output_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "FAILS" "NAME;REGEX" "COMMAND")
  add_test(NAME ${arg_NAME}
           COMMAND "${CMAKE_COMMAND}" "-DREGEX=${arg_REGEX}" "-DFAILS=${arg_FAILS}"
                   -P "${battleship_output_test_script}" -- ${arg_COMMAND})
endfunction()

# battleship_add_refusal_test(name target message [STATUS n] args...): a CTest test that passes
# only when the program `target`, given `args` (shell words), refuses them: status 2 (a bad
# command line; `STATUS 1` for a file that cannot be read or written), nothing on stdout (no row,
# not even a header) and `message`, which names the option or the file, on stderr.
function(battleship_add_refusal_test name target message)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "STATUS" "")
  if(NOT DEFINED arg_STATUS)
    set(arg_STATUS 2)
  endif()
  list(JOIN arg_UNPARSED_ARGUMENTS " " words)
  add_test(NAME ${name} COMMAND sh -c
           "\"$<TARGET_FILE:${target}>\" ${words} >${name}.out 2>${name}.err; \
            test $? -eq ${arg_STATUS} && test ! -s ${name}.out && \
            grep -qF -e \"${message}\" ${name}.err")
endfunction()

# battleship_read_directive(var source key [REQUIRED]): the text after the first `// key:` line of
# the file `source` (the spaces after the colon dropped), or `<var>-NOTFOUND` when it has none
# (with REQUIRED, a configure error instead). Examples and compile-fail tests carry their test's
# arguments and expected output this way.
function(battleship_read_directive var source key)
  cmake_parse_arguments(PARSE_ARGV 3 arg "REQUIRED" "" "")
  file(STRINGS "${source}" lines REGEX "^// ${key}:")
  if(NOT lines AND arg_REQUIRED)
    message(FATAL_ERROR "${source} has no '// ${key}:' line")
  elseif(NOT lines)
    set(${var} "${var}-NOTFOUND" PARENT_SCOPE)
    return()
  endif()
  list(GET lines 0 line)
  string(REGEX REPLACE "^// ${key}:[ ]*" "" value "${line}")
  set(${var} "${value}" PARENT_SCOPE)
endfunction()
