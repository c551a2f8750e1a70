// BATTLESHIP_HOT_INLINE: forces inlining of the few calls made once per shot in the game loops,
// where g++ otherwise keeps them out of line and the call costs as much as the work.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define BATTLESHIP_HOT_INLINE [[gnu::always_inline]] inline
#else
#define BATTLESHIP_HOT_INLINE inline
#endif
