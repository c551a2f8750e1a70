# Configures, builds and runs tests/consumer against the engine: installed (find_package), as a
# subdirectory (add_subdirectory), or fetched from an archive of the library's files
# (fetch_content: what a project using FetchContent with a release archive or a git URL gets).
# Invoked by CTest with -DMODE=... -DSOURCE_DIR=... -DBUILD_DIR=... -DWORK_DIR=...
file(REMOVE_RECURSE "${WORK_DIR}")
set(consumer_args -S "${SOURCE_DIR}/tests/consumer" -B "${WORK_DIR}/build" -DCMAKE_CXX_COMPILER=${CXX})
if(MODE STREQUAL "find_package")
  execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix"
                  RESULT_VARIABLE rc)
  if(rc OR NOT EXISTS "${WORK_DIR}/prefix/share/doc/battleship/LICENSE")
    message(FATAL_ERROR "install failed, or installed no LICENSE")
  endif()
  list(APPEND consumer_args "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
elseif(MODE STREQUAL "fetch_content")
  # Only what the library needs: a consumer must not depend on the tests, examples or Python.
  file(MAKE_DIRECTORY "${WORK_DIR}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E tar czf "${WORK_DIR}/battleship.tar.gz"
                          CMakeLists.txt VERSION LICENSE cmake include
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "archiving the library failed")
  endif()
  list(APPEND consumer_args "-DBATTLESHIP_FETCH_URL=file://${WORK_DIR}/battleship.tar.gz")
else()
  list(APPEND consumer_args "-DBATTLESHIP_SOURCE_DIR=${SOURCE_DIR}")
endif()
foreach(step IN ITEMS configure build run install)
  if(step STREQUAL "configure")
    execute_process(COMMAND "${CMAKE_COMMAND}" ${consumer_args} RESULT_VARIABLE rc)
  elseif(step STREQUAL "build")
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/build" RESULT_VARIABLE rc)
  elseif(step STREQUAL "run")
    execute_process(COMMAND "${WORK_DIR}/build/battleship" RESULT_VARIABLE rc)
  else()
    execute_process(COMMAND "${CMAKE_COMMAND}" --install "${WORK_DIR}/build"
                            --prefix "${WORK_DIR}/installed" RESULT_VARIABLE rc)
  endif()
  if(rc)
    message(FATAL_ERROR "consumer ${MODE}: ${step} failed (${rc})")
  endif()
endforeach()
# The consumer installs its program, not battleship's headers (BATTLESHIP_INSTALL is off for a
# project added to another).
if(NOT EXISTS "${WORK_DIR}/installed/bin/battleship" OR EXISTS "${WORK_DIR}/installed/include")
  message(FATAL_ERROR "consumer ${MODE}: its install should hold its program and no headers")
endif()
