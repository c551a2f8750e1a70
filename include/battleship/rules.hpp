/// @file rules.hpp
/// @brief The rule variants people play, as plain data checked once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/detail/text.hpp>

namespace battleship {

namespace detail {
/// `Rules::volley_size`'s refusal, out of line: the match loop asks `volley_size` every volley,
/// and the message's formatting kept it from being inlined (35 instructions a call where 10 do).
[[noreturn]] inline void refuse_negative_counts(int own_afloat, int open_cells, int shots_fired) {
  throw std::invalid_argument(concat("volley_size takes counts, not negative numbers: own_afloat ",
                                     own_afloat, ", open_cells ", open_cells, ", shots_fired ",
                                     shots_fired));
}
} // namespace detail

/// How close two ships may lie.
enum class Touching : std::uint8_t {
  allowed,         ///< Ships may share edges and corners (only overlap is forbidden).
  no_edge_contact, ///< Ships may meet at corners but not along an edge.
  no_contact,      ///< Ships may not touch at all, not even at a corner (seed 004, Russian rules).
};

/// What the defender announces after a hit.
enum class Disclosure : std::uint8_t {
  hit_only,       ///< "Hit" and nothing more; sinking is never announced.
  hit_and_sunk,   ///< "Hit", or "hit and sunk" without saying which ship.
  sunk_with_name, ///< "You sank my Battleship!": the sunk ship's name is announced (seed 002).
};

/// How many shots a player fires in one turn.
enum class Volley : std::uint8_t {
  single,          ///< One shot per turn.
  fixed_salvo,     ///< `Rules::salvo_size` shots per turn, announced together.
  per_ship_afloat, ///< One shot per own ship still afloat (the classic salvo variant).
  until_miss,      ///< Keep shooting while you hit; the turn ends at the first miss.
};

/// What happens to a shot at a cell already shot, or off the board.
enum class InvalidShot : std::uint8_t {
  refused,  ///< The shot does not count; the player shoots again (the common game's rule).
  forfeits, ///< The shot is lost and the turn passes (seed 002's `validShot == false`).
};

/// The rules of one game: plain data, validated once by `problem()` / `validate()`.
///
/// Defaults are the common modern game: ships may touch, sinking names the ship, one shot per
/// turn, no equalising shot, invalid shots refused, no shot cap.
struct Rules {
  Touching touching = Touching::allowed;              ///< How close ships may lie.
  Disclosure disclosure = Disclosure::sunk_with_name; ///< What a hit reveals.
  Volley volley = Volley::single;                     ///< Shots per turn.
  int salvo_size = 1; ///< Shots per turn under `Volley::fixed_salvo`; 1 otherwise.
  bool equalising_shot =
      false; ///< Second player finishes the round; both sunk is a draw (seed 000).
  InvalidShot invalid_shot = InvalidShot::refused; ///< Fate of repeated or off-board shots.
  int max_invalid_in_a_row = 100; ///< Refused shots in a row after which the game is aborted.
  int shot_cap = 0; ///< Valid shots per player before the game stops; 0 = none (seed 001: 100).

  /// What is inconsistent in these rules, or nothing.
  [[nodiscard]] std::optional<std::string> problem() const {
    using detail::concat;
    if (volley == Volley::fixed_salvo && salvo_size < 1)
      return concat("a fixed salvo needs salvo_size >= 1, got ", salvo_size);
    if (volley != Volley::fixed_salvo && salvo_size != 1)
      return concat("salvo_size is ", salvo_size,
                    " but the volley rule is not a fixed salvo; set volley to fixed_salvo or "
                    "salvo_size to 1");
    if (shot_cap < 0) return concat("shot_cap must be 0 (no cap) or positive, got ", shot_cap);
    if (max_invalid_in_a_row < 1)
      return concat("max_invalid_in_a_row must be at least 1, got ", max_invalid_in_a_row);
    return std::nullopt;
  }

  /// How many cells a player names in its next volley: the volley rule (`salvo_size` under a
  /// fixed salvo, `own_afloat` under `per_ship_afloat`, 1 otherwise), capped by the
  /// `open_cells` it has not fired at and by the shots `shot_cap` leaves after `shots_fired`
  /// valid shots. `Game::next_volley_size` asks this of its own state; a caller refereeing a
  /// game the engine does not hold (an advisor, a user interface) asks it with its own counts.
  /// `own_afloat` is the shooter's *own* ships afloat, not its target's. Never negative.
  /// Throws `std::invalid_argument` for a negative count (at compile time, it does not compile).
  [[nodiscard]] constexpr int volley_size(int own_afloat, int open_cells, int shots_fired) const {
    if (own_afloat < 0 || open_cells < 0 || shots_fired < 0) [[unlikely]]
      detail::refuse_negative_counts(own_afloat, open_cells, shots_fired);
    int size = 1;
    if (volley == Volley::fixed_salvo) size = salvo_size;
    if (volley == Volley::per_ship_afloat) size = own_afloat;
    if (shot_cap > 0) size = (std::min)(size, shot_cap - shots_fired);
    return (std::max)(0, (std::min)(size, open_cells));
  }

  /// Throws `std::invalid_argument` with `problem()` if there is one.
  void validate() const {
    if (auto p = problem()) throw std::invalid_argument(*p);
  }

  /// Rules are equal when every field is.
  friend constexpr bool operator==(const Rules&, const Rules&) = default;
};

/// Named rule sets for the seed systems and common variants.
namespace rulesets {
/// Ships may touch, one shot a turn, sinking names the ship (PyShips' and DataGenetics' game).
inline constexpr Rules classic{};
/// Seed 000 (BBM103): the second player gets an equalising shot; a repeated shot wastes the turn
/// (malformed and off-board shots are retried by the shot-list reader, as the seed does).
inline constexpr Rules bbm103{.equalising_shot = true, .invalid_shot = InvalidShot::forfeits};
/// Seed 002 (CS32): an invalid attack wastes the turn.
inline constexpr Rules cs32{.invalid_shot = InvalidShot::forfeits};
/// Seed 004 (the Haskell game): no ship may touch another, not even at a corner.
inline constexpr Rules no_contact{.touching = Touching::no_contact};
/// The Russian game: no contact, and a hit earns another shot.
inline constexpr Rules russian{.touching = Touching::no_contact, .volley = Volley::until_miss};
/// Salvo: one shot per ship still afloat.
inline constexpr Rules salvo{.volley = Volley::per_ship_afloat};
/// Seed 001 (PyShips): the shooter stops after 100 shots.
inline constexpr Rules pyships{.shot_cap = 100};

/// A rule set and the name it is known by.
struct NamedRules {
  std::string_view name; ///< `classic`, `russian`, ...
  Rules rules;           ///< The rules.
};
/// Every predefined rule set, by name in alphabetical order (what command lines and the Python
/// `Rules.named` accept).
inline constexpr NamedRules all[] = {
    {"bbm103", bbm103},   {"classic", classic}, {"cs32", cs32},  {"no_contact", no_contact},
    {"pyships", pyships}, {"russian", russian}, {"salvo", salvo}};
/// The predefined rule set called `name`, or nothing.
[[nodiscard]] constexpr std::optional<Rules> named(std::string_view name) noexcept {
  for (const NamedRules& r : all)
    if (r.name == name) return r.rules;
  return std::nullopt;
}
} // namespace rulesets

/// The name used for `t` in text (command line, files, Python): `allowed`, `no_edge_contact`,
/// `no_contact`.
[[nodiscard]] constexpr std::string_view to_string(Touching t) noexcept {
  switch (t) {
  case Touching::allowed: return "allowed";
  case Touching::no_edge_contact: return "no_edge_contact";
  case Touching::no_contact: return "no_contact";
  }
  return "?";
}
/// The name used for `d` in text: `hit_only`, `hit_and_sunk`, `sunk_with_name`.
[[nodiscard]] constexpr std::string_view to_string(Disclosure d) noexcept {
  switch (d) {
  case Disclosure::hit_only: return "hit_only";
  case Disclosure::hit_and_sunk: return "hit_and_sunk";
  case Disclosure::sunk_with_name: return "sunk_with_name";
  }
  return "?";
}
/// The name used for `v` in text: `single`, `fixed_salvo`, `per_ship_afloat`, `until_miss`.
[[nodiscard]] constexpr std::string_view to_string(Volley v) noexcept {
  switch (v) {
  case Volley::single: return "single";
  case Volley::fixed_salvo: return "fixed_salvo";
  case Volley::per_ship_afloat: return "per_ship_afloat";
  case Volley::until_miss: return "until_miss";
  }
  return "?";
}
/// The name used for `i` in text: `refused`, `forfeits`.
[[nodiscard]] constexpr std::string_view to_string(InvalidShot i) noexcept {
  return i == InvalidShot::refused ? "refused" : "forfeits";
}

} // namespace battleship
