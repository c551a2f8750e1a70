/// @file registry.hpp
/// @brief Strategies by name: the built-in lists, user registration, and a fast path that hands
/// the concrete type of a built-in to a callback.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/placement/elusive.hpp>
#include <battleship/placement/mediocre.hpp>
#include <battleship/placement/sequential.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/placer_settings.hpp>
#include <battleship/shooter_settings.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/checkerboard_search.hpp>
#include <battleship/strategies/expert.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/mediocre.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/strategies/random.hpp>
#include <battleship/strategy.hpp>

namespace battleship {

/// A compile-time list of strategy types, each default-constructible with a
/// `static constexpr const char* name` (and optionally a `summary`).
template <class... Strategies>
struct StrategyList {
  /// Number of strategies in the list.
  static constexpr std::size_t size = sizeof...(Strategies);
  /// Strategy number `I`.
  template <std::size_t I>
  using at = std::tuple_element_t<I, std::tuple<Strategies...>>;
};

// ---- THE BUILT-IN LISTS: to add a strategy, include its header above and add it here ----------

/// The built-in shooters, in the order tables and `names()` list them.
///
/// To add one: include its header above and add `YourShooter<S>` to this list (one line). The
/// class needs `static constexpr const char* name` and should have
/// `static constexpr const char* summary` (a one-line description). A shooter that thinks for
/// milliseconds per shot declares `static constexpr bool slow = true` so that callers playing
/// every built-in (tests, `battleship compare`, the bench) can play fewer of its games
/// (`Registry::slow`).
template <BoardShape S>
using builtin_shooters =
    StrategyList<RandomShooter<S>, HuntTargetShooter<S>, ParityShooter<S>,
                 CheckerboardSearchShooter<S>, OrientedSearchShooter<S>, MediocreShooter<S>,
                 ProbabilityShooter<S>, BayesShooter<S>, ExpertShooter<S>>;

/// The built-in placers, in the order `names()` lists them. Add one like a shooter.
template <BoardShape S>
using builtin_placers = StrategyList<UniformPlacer<S>, SequentialPlacer<S>, MediocrePlacer<S>,
                                     SpreadPlacer<S>, ElusivePlacer<S>>;

// -------------------------------------------------------------------------------------------------

namespace detail {
template <class T>
constexpr std::string_view summary_of() noexcept {
  if constexpr (requires { T::summary; })
    return T::summary;
  else
    return {};
}

template <class T>
constexpr bool slow_of() noexcept {
  if constexpr (requires { T::slow; })
    return T::slow;
  else
    return false;
}

template <class List, std::size_t I = 0, class F, class Otherwise>
decltype(auto) dispatch(std::string_view name, F& f, Otherwise& otherwise) {
  if constexpr (I == List::size) {
    return otherwise();
  } else {
    using T = typename List::template at<I>;
    if (name == std::string_view(T::name)) return f(T{});
    return dispatch<List, I + 1>(name, f, otherwise);
  }
}

template <class T>
struct is_any_placer : std::false_type {};
template <BoardShape S>
struct is_any_placer<AnyPlacementStrategy<S>> : std::true_type {};

template <class List, class Visit>
void for_each_type(Visit&& visit) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (visit(static_cast<typename List::template at<I>*>(nullptr)), ...);
  }
  (std::make_index_sequence<List::size>{});
}

/// `text` split as settings text of one of the built-ins `List` (the built-in shooters or
/// placers, named `kind` in a refusal), `example` shown with a refusal of text in another shape.
/// Refuses a name that is not one of them, listing them.
template <class List>
[[nodiscard]] SettingsText split_builtin_settings(std::string_view kind, std::string_view text,
                                                  std::string_view example) {
  SettingsText split = split_settings_text(kind, text, example);
  bool builtin = false;
  std::string list;
  for_each_type<List>([&](auto* t) {
    const std::string_view name = std::remove_pointer_t<decltype(t)>::name;
    builtin = builtin || name == split.name;
    if (!list.empty()) list += ", "; // appended piece by piece: GCC 12's -Wrestrict (105329)
    list += name;
  });
  if (!builtin)
    refuse_settings_text(kind, text, "settings are for the built-in ", kind, "s; '", split.name,
                         "' is not one (", std::string_view(list), ")");
  return split;
}
} // namespace detail

/// Strategies of one kind by name: the built-ins of `Builtins` plus those users register.
///
/// `Any` is `AnyShotStrategy<S>` or `AnyPlacementStrategy<S>`. There is one registry per kind and
/// board shape type (`ShooterRegistry<S>::instance()`, `PlacerRegistry<S>::instance()`) in each
/// binary that shares its symbols: a shared library built with hidden visibility keeps a registry
/// of its own, as every Windows DLL does, so a shooter it registers is not found from the program
/// that loads it (register in the binary that looks it up, or build with default visibility).
/// Every member is thread-safe; factories run outside the registry's lock.
template <class Any, class Builtins>
class Registry {
public:
  /// What makes a registered strategy.
  using factory_type = std::function<Any()>;

  /// The registry of this kind.
  static Registry& instance() {
    static Registry r;
    return r;
  }

  /// Every name: the built-ins in list order, then registered ones in registration order.
  [[nodiscard]] std::vector<std::string> names() const {
    std::vector<std::string> out;
    detail::for_each_type<Builtins>(
        [&](auto* t) { out.emplace_back(std::remove_pointer_t<decltype(t)>::name); });
    const std::lock_guard lock(mutex_);
    for (const auto& e : added_) out.push_back(e.name);
    return out;
  }

  /// Whether `name` is a built-in or registered strategy.
  [[nodiscard]] bool contains(std::string_view name) const {
    return builtin(name) || find(name).has_value();
  }

  /// Whether `name` is a built-in.
  [[nodiscard]] static bool builtin(std::string_view name) noexcept {
    bool found = false;
    detail::for_each_type<Builtins>([&](auto* t) {
      found = found || name == std::string_view(std::remove_pointer_t<decltype(t)>::name);
    });
    return found;
  }

  /// The one-line description of `name`; throws `std::invalid_argument` for an unknown name.
  [[nodiscard]] std::string summary(std::string_view name) const {
    std::optional<std::string> out;
    detail::for_each_type<Builtins>([&](auto* t) {
      using T = std::remove_pointer_t<decltype(t)>;
      if (!out && name == std::string_view(T::name)) out = std::string(detail::summary_of<T>());
    });
    if (out) return *out;
    if (auto e = find(name)) return e->summary;
    unknown(name);
  }

  /// Whether `name` is slow: a built-in declaring `static constexpr bool slow = true` (it thinks
  /// for milliseconds per shot, thousands of times longer than the others) or a strategy
  /// registered as slow (`add`), so that a caller playing every strategy can play fewer of its
  /// games. Throws `std::invalid_argument` for an unknown name.
  [[nodiscard]] bool slow(std::string_view name) const {
    std::optional<bool> out;
    detail::for_each_type<Builtins>([&](auto* t) {
      using T = std::remove_pointer_t<decltype(t)>;
      if (!out && name == std::string_view(T::name)) out = detail::slow_of<T>();
    });
    if (out) return *out;
    if (auto e = find(name)) return e->slow;
    unknown(name);
  }

  /// A new strategy named `name`, type-erased; throws `std::invalid_argument` listing the known
  /// names for an unknown one.
  [[nodiscard]] Any make(std::string_view name) const {
    return visit(name, [](auto strategy) { return Any(std::move(strategy)); });
  }

  /// Calls `f` with a new strategy named `name` and returns what it returns: the concrete type
  /// for a built-in (so a generic `f` runs fully inlined, with no virtual call per shot), an
  /// `Any` for a registered one. `f` must return the same type for every strategy. Throws
  /// `std::invalid_argument` listing the known names for an unknown one.
  template <class F>
  decltype(auto) visit(std::string_view name, F&& f) const {
    auto otherwise = [&]() -> decltype(auto) {
      auto entry = find(name);
      if (!entry) unknown(name);
      return f(entry->make());
    };
    return detail::dispatch<Builtins>(name, f, otherwise);
  }

  /// Registers `make` under `name` with a one-line `summary`, replacing a registered entry of
  /// that name; `slow` marks a strategy that thinks for milliseconds a shot, as `bayes` does
  /// (`slow(name)`). Throws `std::invalid_argument` for an empty name, a built-in's name, or an
  /// empty factory.
  void add(std::string name, std::string summary, factory_type make, bool slow = false) {
    if (name.empty()) throw std::invalid_argument("a strategy needs a non-empty name");
    if (builtin(name))
      throw std::invalid_argument(
          detail::concat("'", std::string_view(name), "' is a built-in strategy's name"));
    if (!make)
      throw std::invalid_argument(
          detail::concat("no factory given for '", std::string_view(name), "'"));
    const std::lock_guard lock(mutex_);
    for (auto& e : added_) {
      if (e.name != name) continue;
      e.summary = std::move(summary);
      e.make = std::move(make);
      e.slow = slow;
      return;
    }
    added_.push_back(Entry{std::move(name), std::move(summary), std::move(make), slow});
  }

  /// Removes the registered strategy `name`; false if there is none (built-ins stay).
  bool remove(std::string_view name) {
    const std::lock_guard lock(mutex_);
    for (auto it = added_.begin(); it != added_.end(); ++it) {
      if (it->name != name) continue;
      added_.erase(it);
      return true;
    }
    return false;
  }

private:
  struct Entry {
    std::string name;
    std::string summary;
    factory_type make;
    bool slow = false;
  };

  Registry() = default;

  std::optional<Entry> find(std::string_view name) const {
    const std::lock_guard lock(mutex_);
    for (const auto& e : added_)
      if (e.name == name) return e;
    return std::nullopt;
  }

  [[noreturn]] void unknown(std::string_view name) const {
    std::string list;
    for (const auto& n : names()) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument(
        detail::concat("unknown ", kind(), " '", name, "'; known: ", std::string_view(list)));
  }

  static constexpr std::string_view kind() noexcept {
    return detail::is_any_placer<Any>::value ? "placer" : "shooter";
  }

  mutable std::mutex mutex_;
  std::vector<Entry> added_;
};

/// The shooters by name for board shape type `S`.
template <BoardShape S>
using ShooterRegistry = Registry<AnyShotStrategy<S>, builtin_shooters<S>>;
/// The placers by name for board shape type `S`.
template <BoardShape S>
using PlacerRegistry = Registry<AnyPlacementStrategy<S>, builtin_placers<S>>;

/// Names of every shooter: the built-ins in list order, then those registered at run time.
template <BoardShape S>
[[nodiscard]] std::vector<std::string> shooter_names() {
  return ShooterRegistry<S>::instance().names();
}
/// Names of every placer: the built-ins in list order, then those registered at run time.
template <BoardShape S>
[[nodiscard]] std::vector<std::string> placer_names() {
  return PlacerRegistry<S>::instance().names();
}

/// A built-in shooter named with its settings, `"expert(exact_layouts=5000, margin=2)"`
/// (OpenSpiel's way of naming a game with parameters; white space around the pieces is ignored),
/// as its name and settings. A value is a number as Python writes one; an integer setting takes
/// a whole number however written (`5000`, `5_000`, `5e3`), a real one any number. `"expert()"`
/// is `expert` with its defaults. The settings and their ranges are `shooter_settings`'s. Throws
/// `std::invalid_argument` naming the text for what is not `NAME(SETTING=VALUE, ...)`, a name
/// that is not a built-in's, a setting the shooter does not take or given twice, a value that is
/// not a number, not whole where it must be, or out of range.
[[nodiscard]] inline ShooterSettings parse_shooter_settings(std::string_view text) {
  const auto [name, items] = detail::split_builtin_settings<builtin_shooters<ClassicShape>>(
      "shooter", text, "expert(exact_layouts=5000)");
  return detail::read_settings(text, name, items);
}

/// A built-in placer named with its settings, `"elusive(candidates=512, rehearsals=4)"`, as its
/// name and settings, read as `parse_shooter_settings` reads a shooter's (every placer setting
/// is a whole number). The settings and their ranges are `placer_settings`'s; `elusive`'s
/// `shortlist` may not exceed its `candidates`. Throws `std::invalid_argument` naming the text,
/// as `parse_shooter_settings` does.
[[nodiscard]] inline PlacerSettings parse_placer_settings(std::string_view text) {
  const auto [name, items] = detail::split_builtin_settings<builtin_placers<ClassicShape>>(
      "placer", text, "spread(candidates=64)");
  return detail::read_placer_settings(text, name, items);
}

namespace detail {
/// Whether `name` is a strategy named with its settings rather than a name of `registry` (a
/// strategy registered under a name with parentheses is found by that name).
template <class Registry>
[[nodiscard]] bool names_settings(const Registry& registry, std::string_view name) {
  return name.find_first_of("()") != std::string_view::npos && !registry.contains(name);
}

/// The shooter `name` names with the settings it gives: `"bayes(samples=2000)"` parsed
/// (`parse_shooter_settings`), any other name alone (a registered one with parentheses too).
template <BoardShape S>
[[nodiscard]] ShooterSettings named_shooter_settings(std::string_view name) {
  if (names_settings(ShooterRegistry<S>::instance(), name)) return parse_shooter_settings(name);
  return ShooterSettings{std::string(name), {}};
}
} // namespace detail

/// Whether the shooter `name` is slow (milliseconds per shot; see `Registry::slow`): callers that
/// play every shooter should play a few hundred of its games, not tens of thousands. `name` may
/// carry settings (`"expert(layouts=50)"`). Throws `std::invalid_argument` for an unknown name.
template <BoardShape S>
[[nodiscard]] bool shooter_is_slow(std::string_view name) {
  return ShooterRegistry<S>::instance().slow(detail::named_shooter_settings<S>(name).shooter);
}

/// Calls `f` with a new built-in shooter set to `settings`, as its concrete type, and returns
/// its result.
template <BoardShape S, class F>
decltype(auto) with_shooter(const ShooterSettings& settings, F&& f) {
  return ShooterRegistry<S>::instance().visit(settings.shooter, [&](auto made) -> decltype(auto) {
    settings.apply_to(made);
    return f(std::move(made));
  });
}

/// Calls `f` with a new shooter named `name` and returns its result: `f(ConcreteShooter<S>{})`
/// for a built-in (a fully inlined loop), `f(AnyShotStrategy<S>)` for one registered at run time.
/// A built-in's name may carry its settings, `"bayes(samples=2000)"` (`parse_shooter_settings`;
/// a shooter registered under a name with parentheses is still found by it). Throws
/// `std::invalid_argument` listing the known names for an unknown one, and as
/// `parse_shooter_settings` does for settings text.
template <BoardShape S, class F>
decltype(auto) with_shooter(std::string_view name, F&& f) {
  const auto& registry = ShooterRegistry<S>::instance();
  if (detail::names_settings(registry, name))
    return with_shooter<S>(parse_shooter_settings(name), std::forward<F>(f));
  return registry.visit(name, std::forward<F>(f));
}

/// Calls `f` with a new built-in placer set to `settings`, as its concrete type, and returns its
/// result.
template <BoardShape S, class F>
decltype(auto) with_placer(const PlacerSettings& settings, F&& f) {
  return PlacerRegistry<S>::instance().visit(settings.placer, [&](auto made) -> decltype(auto) {
    settings.apply_to(made);
    return f(std::move(made));
  });
}

/// Calls `f` with a new placer named `name`, like `with_shooter`: a built-in's name may carry
/// its settings, `"spread(candidates=64)"` (`parse_placer_settings`).
template <BoardShape S, class F>
decltype(auto) with_placer(std::string_view name, F&& f) {
  const auto& registry = PlacerRegistry<S>::instance();
  if (detail::names_settings(registry, name))
    return with_placer<S>(parse_placer_settings(name), std::forward<F>(f));
  return registry.visit(name, std::forward<F>(f));
}

/// A new shooter named `name`, type-erased; `name` may carry a built-in's settings,
/// `"expert(layouts=400)"`. Throws `std::invalid_argument` as `with_shooter` does.
template <BoardShape S>
[[nodiscard]] AnyShotStrategy<S> make_shooter(std::string_view name) {
  return with_shooter<S>(name, [](auto made) { return AnyShotStrategy<S>(std::move(made)); });
}
/// A new placer named `name`, type-erased; `name` may carry a built-in's settings,
/// `"elusive(candidates=512)"`. Throws `std::invalid_argument` as `with_placer` does.
template <BoardShape S>
[[nodiscard]] AnyPlacementStrategy<S> make_placer(std::string_view name) {
  return with_placer<S>(name, [](auto made) { return AnyPlacementStrategy<S>(std::move(made)); });
}

/// Registers a shooter under `name` for board shape type `S` (see `Registry::add`); `slow` for
/// one that thinks for milliseconds a shot (`shooter_is_slow`).
template <BoardShape S>
void register_shooter(std::string name, std::string summary,
                      std::function<AnyShotStrategy<S>()> make, bool slow = false) {
  ShooterRegistry<S>::instance().add(std::move(name), std::move(summary), std::move(make), slow);
}
/// Registers a placer under `name` for board shape type `S` (see `Registry::add`).
template <BoardShape S>
void register_placer(std::string name, std::string summary,
                     std::function<AnyPlacementStrategy<S>()> make) {
  PlacerRegistry<S>::instance().add(std::move(name), std::move(summary), std::move(make));
}

} // namespace battleship
