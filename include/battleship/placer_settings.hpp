/// @file placer_settings.hpp
/// @brief The settings of the built-in placers that have them (`uniform`, `spread`, `elusive`):
/// which each takes and in what range, and a placer named with its settings as text,
/// `elusive(candidates=512, rehearsals=4)`, read into a `PlacerSettings`.
#pragma once

#include <array>
#include <climits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/detail/settings_text.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/placement/elusive.hpp>

namespace battleship {

/// One setting a built-in placer takes: a public member of its class (`search_budget` is that
/// of the uniform draws, `draws.search_budget`, for `spread` and `elusive`), always a whole
/// number, and the range accepted where a setting is given by name (Python's placer classes
/// accept the same).
struct PlacerSetting {
  std::string_view placer; ///< The placer's registry name.
  std::string_view name;   ///< The member's name.
  long long low;           ///< The least value accepted.
  long long high;          ///< The most value accepted.
};

/// Every setting of every built-in placer that has some: the uniform draws' search budget, and
/// what `spread` and `elusive` choose among. `sequential`'s `max_restarts` is a safety limit,
/// not a setting (its layouts do not depend on it once a fleet is placed), and is left out.
inline constexpr std::array<PlacerSetting, 7> placer_settings{{
    {"uniform", "search_budget", 1, INT_MAX},
    {"spread", "search_budget", 1, INT_MAX},
    {"spread", "candidates", 1, INT_MAX},
    {"elusive", "search_budget", 1, INT_MAX},
    {"elusive", "candidates", 1, INT_MAX},
    {"elusive", "shortlist", 1, INT_MAX},
    {"elusive", "rehearsals", 0, INT_MAX},
}};

/// Calls `visit(member)` with `placer`'s member that holds its setting `name` (const if `placer`
/// is) and returns true; false, calling nothing, if its class has no such member. The one list
/// of where each setting lives, for `set_placer_member` and `placer_member`.
template <class Placer, class Visit>
bool visit_placer_member(Placer& placer, std::string_view name, Visit&& visit) {
  const auto found = [&](auto& member) {
    visit(member);
    return true;
  };
  if (name == "search_budget") {
    if constexpr (requires { placer.draws.search_budget; })
      return found(placer.draws.search_budget);
    if constexpr (requires { placer.search_budget; }) return found(placer.search_budget);
  }
  if (name == "candidates") {
    if constexpr (requires { placer.candidates; }) return found(placer.candidates);
  }
  if (name == "shortlist") {
    if constexpr (requires { placer.shortlist; }) return found(placer.shortlist);
  }
  if (name == "rehearsals") {
    if constexpr (requires { placer.rehearsals; }) return found(placer.rehearsals);
  }
  return false;
}

/// Sets `placer`'s setting `name` to `value` (in range: `placer_settings`); false if its class
/// has no such member.
template <class Placer>
bool set_placer_member(Placer& placer, std::string_view name, long long value) {
  return visit_placer_member(placer, name, [value](auto& member) {
    member = static_cast<std::remove_reference_t<decltype(member)>>(value);
  });
}

/// The value of `placer`'s setting `name`, or nothing if its class has no such member.
template <class Placer>
std::optional<long long> placer_member(const Placer& placer, std::string_view name) {
  std::optional<long long> value;
  visit_placer_member(placer, name, [&](const auto& member) { value = member; });
  return value;
}

/// Why `elusive` cannot take a `shortlist` of `shortlist` with `candidates` candidates (none:
/// its default), or "" if it can: it rehearses some of the layouts it drew, so a longer shortlist
/// than the draws is a mistake, not a wish. The one wording of this refusal, for the text reader
/// and for Python's `ElusivePlacer`.
[[nodiscard]] inline std::string elusive_shortlist_refusal(long long shortlist,
                                                           std::optional<long long> candidates) {
  const long long drawn = candidates.value_or(ElusivePlacer<ClassicShape>{}.candidates);
  if (shortlist <= drawn) return {};
  return detail::concat("shortlist ", shortlist, " is more than the ", drawn,
                        " candidates elusive draws", candidates ? "" : " by default",
                        " (it rehearses some of those)");
}

/// A built-in placer with some of its settings changed from their defaults. Made from text by
/// `parse_placer_settings` (`<battleship/registry.hpp>`); played by `with_placer` and
/// `make_placer`, which take the text too.
struct PlacerSettings {
  std::string placer; ///< The placer's registry name.
  /// The settings changed, in the order given, each within its range of `placer_settings`.
  std::vector<std::pair<std::string, long long>> values;

  /// Sets `made` (a `placer`, as the registry makes it) to these settings, as
  /// `parse_placer_settings` checked them (settings made by hand are not checked again: a value
  /// past `int` wraps); throws `std::logic_error` if its class lacks a member the table names.
  template <class Placer>
  void apply_to(Placer& made) const {
    for (const auto& [name, value] : values)
      if (!set_placer_member(made, name, value))
        throw std::logic_error(detail::concat("the ", std::string_view(placer),
                                              " placer has no member ", std::string_view(name)));
  }
};

namespace detail {

/// `placer`'s settings as the reader of settings text checks them, in the table's order.
[[nodiscard]] inline std::vector<SettingRange> placer_setting_ranges(std::string_view placer) {
  std::vector<SettingRange> ranges;
  for (const PlacerSetting& s : placer_settings)
    if (s.placer == placer)
      ranges.push_back({s.name, true, static_cast<double>(s.low), static_cast<double>(s.high)});
  return ranges;
}

/// The settings of the built-in placer `name`, read from `items` ("candidates = 64"), of the
/// text `text` (named in every refusal), refused as `read_setting_values` and
/// `elusive_shortlist_refusal` say.
[[nodiscard]] inline PlacerSettings
read_placer_settings(std::string_view text, std::string_view name,
                     const std::vector<std::string_view>& items) {
  PlacerSettings out{std::string(name), {}};
  std::optional<long long> shortlist;
  std::optional<long long> candidates;
  for (const auto& [key, value] :
       read_setting_values("placer", text, name, items, placer_setting_ranges(name))) {
    const auto whole = static_cast<long long>(value); // whole and within the int range: checked
    if (key == "shortlist") shortlist = whole;
    if (key == "candidates") candidates = whole;
    out.values.emplace_back(key, whole);
  }
  if (shortlist) {
    const std::string why = elusive_shortlist_refusal(*shortlist, candidates);
    if (!why.empty()) refuse_settings_text("placer", text, std::string_view(why));
  }
  return out;
}

} // namespace detail
} // namespace battleship
