# Warnings (and optionally sanitizers) for the project's own targets only: consumers of the
# INTERFACE library are never given our flags.
function(battleship_target_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${BATTLESHIP_WERROR}>:/WX>)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
                           $<$<BOOL:${BATTLESHIP_WERROR}>:-Werror>)
  endif()
  if(BATTLESHIP_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                           -fno-sanitize-recover=all)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
