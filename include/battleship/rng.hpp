/// @file rng.hpp
/// @brief The engine's random number generator and seed derivation, identical on every platform.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include <battleship/detail/inline.hpp>

namespace battleship {

/// SplitMix64 finaliser: a bijective 64-bit mix used to derive seeds.
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// The seed of game number `index` in a run started with `master`.
///
/// Every game's randomness depends only on (master seed, game index), never on which thread or
/// machine plays it: that is what makes simulations identical for any thread count.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t master,
                                                  std::uint64_t index) noexcept {
  return mix64(mix64(master) ^ mix64(index + 0x632BE59BD9B4E019ULL));
}

/// xoshiro256** pseudo-random generator with portable bounded draws.
///
/// The standard library's distributions differ between implementations, so the engine draws
/// bounded integers itself (Lemire's multiply-shift with rejection): the same seed gives the same
/// games with libstdc++, libc++ and MSVC. Satisfies `std::uniform_random_bit_generator`.
class Rng {
public:
  /// Result type of `operator()`.
  using result_type = std::uint64_t;

  /// A generator whose whole state is derived from `seed`.
  constexpr explicit Rng(std::uint64_t seed = 0) noexcept { reseed(seed); }

  /// Restarts the sequence from `seed`.
  constexpr void reseed(std::uint64_t seed) noexcept {
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ULL;
      word = mix64(seed);
    }
  }

  /// Smallest value `operator()` returns.
  static constexpr result_type(min)() noexcept { return 0; }
  /// Largest value `operator()` returns.
  static constexpr result_type(max)() noexcept { return (std::numeric_limits<result_type>::max)(); }

  /// The next 64 random bits.
  constexpr result_type operator()() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// A uniformly distributed integer in `[0, n)`; `n` must be positive. Forced inline: every
  /// shooter draws through it, and out of line it makes the caller keep its generator in memory.
  BATTLESHIP_HOT_INLINE constexpr std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = std::uint64_t{static_cast<std::uint32_t>((*this)() >> 32)} * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      // 2^32 mod n, as (2^32 - n) mod n; 0U - n, not -n, which MSVC's /sdl refuses on unsigned.
      const std::uint32_t threshold = static_cast<std::uint32_t>(0U - n) % n;
      while (low < threshold) {
        m = std::uint64_t{static_cast<std::uint32_t>((*this)() >> 32)} * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  /// A uniformly distributed integer in `[0, n)` for a signed count; `n` must be positive.
  constexpr int below(int n) noexcept {
    return static_cast<int>(below(static_cast<std::uint32_t>(n)));
  }

  /// A uniformly distributed double in `[0, 1)` with 53 random bits.
  constexpr double uniform01() noexcept { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

  /// True with probability `p`.
  constexpr bool chance(double p) noexcept { return uniform01() < p; }

  /// The generator's whole state, to save it (a checkpoint, a pickle) and resume it later with
  /// `from_state`: the restored generator produces the same sequence from there.
  using State = std::array<std::uint64_t, 4>;
  /// The state, as `from_state` takes it.
  [[nodiscard]] constexpr State state() const noexcept { return {s_[0], s_[1], s_[2], s_[3]}; }
  /// A generator in `state` (one `state()` gave; an all-zero state is the one xoshiro never
  /// leaves, so it is refused with `std::invalid_argument`).
  [[nodiscard]] static constexpr Rng from_state(const State& state) {
    if (state == State{}) throw std::invalid_argument("an all-zero Rng state never leaves zero");
    Rng rng;
    for (std::size_t i = 0; i < state.size(); ++i) rng.s_[i] = state[i];
    return rng;
  }

  /// Generators are equal when they will produce the same sequence.
  friend constexpr bool operator==(const Rng&, const Rng&) noexcept = default;

private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }

  std::uint64_t s_[4]{};
};

} // namespace battleship
