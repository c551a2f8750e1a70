#include "catch_shim.hpp"

#include <battleship/registry.hpp>
#include <battleship/solo.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace test_registry {

using namespace battleship;
using S = ClassicShape;
using D = DynamicShape<128>;

namespace {
/// Fires in reading order: a user strategy for the registration tests.
struct ReadingOrder {
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
static_assert(ShotStrategy<ReadingOrder, S>);

/// The registry name of the strategy type a built-in visit hands over, or "any".
template <class T>
std::string name_of() {
  if constexpr (requires { T::name; })
    return T::name;
  else
    return "any";
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}
} // namespace

TEST_CASE("the registry lists the built-in strategies in list order", "[registry]") {
  const auto shooters = shooter_names<S>();
  REQUIRE(shooters.size() >= 6);
  CHECK(std::vector<std::string>(shooters.begin(), shooters.begin() + 6) ==
        std::vector<std::string>{"random", "hunt_target", "parity", "checkerboard_search",
                                 "oriented_search", "mediocre"});
  const auto placers = placer_names<S>();
  REQUIRE(placers.size() >= 3);
  CHECK(std::vector<std::string>(placers.begin(), placers.begin() + 3) ==
        std::vector<std::string>{"uniform", "sequential", "mediocre"});
  CHECK(ShooterRegistry<S>::instance().contains("parity"));
  CHECK_FALSE(ShooterRegistry<S>::instance().contains("uniform"));
  CHECK(PlacerRegistry<S>::instance().contains("sequential"));
  CHECK(shooter_names<D>() == shooter_names<S>()); // the same built-ins for every shape type
}

TEST_CASE("each built-in has its class's one-line summary", "[registry]") {
  const auto& shooters = ShooterRegistry<S>::instance();
  CHECK(shooters.summary("hunt_target") == HuntTargetShooter<S>::summary);
  CHECK(shooters.summary("oriented_search") == OrientedSearchShooter<S>::summary);
  CHECK(PlacerRegistry<S>::instance().summary("uniform") == UniformPlacer<S>::summary);
  CHECK(invalid_argument_of([&] {
          (void)shooters.summary("nope");
        }).find("unknown shooter 'nope'") == 0);
  // Every built-in has one, so a listing of the built-ins has no blank line.
  for (const auto& name : shooter_names<S>()) {
    INFO(name);
    CHECK_FALSE(shooters.summary(name).empty());
  }
  for (const auto& name : PlacerRegistry<S>::instance().names()) {
    INFO(name);
    CHECK_FALSE(PlacerRegistry<S>::instance().summary(name).empty());
  }
}

TEST_CASE("with_shooter and with_placer hand each built-in's concrete type to the callback",
          "[registry]") {
  for (const auto& name : shooter_names<S>()) {
    if (!ShooterRegistry<S>::builtin(name)) continue;
    CHECK(with_shooter<S>(name, [](auto s) { return name_of<decltype(s)>(); }) == name);
  }
  for (const auto& name : placer_names<D>()) {
    if (!PlacerRegistry<D>::builtin(name)) continue;
    CHECK(with_placer<D>(name, [](auto p) { return name_of<decltype(p)>(); }) == name);
  }
  const bool parity = with_shooter<S>(
      "parity", [](auto s) { return std::is_same_v<decltype(s), ParityShooter<S>>; });
  CHECK(parity);
}

TEST_CASE("an unknown name is refused with the list of known names", "[registry]") {
  CHECK(invalid_argument_of([] { (void)make_shooter<S>("nope"); })
            .find("unknown shooter 'nope'; known: random, hunt_target, parity, "
                  "checkerboard_search, oriented_search, mediocre") == 0);
  CHECK(invalid_argument_of([] {
          (void)make_placer<S>("nope");
        }).find("unknown placer 'nope'; known: uniform, sequential, mediocre") == 0);
  CHECK(invalid_argument_of([] { with_shooter<S>("", [](auto) {}); }).find("unknown shooter ''") ==
        0);
}

TEST_CASE("a shooter made by name plays exactly like the concrete type", "[registry]") {
  const Board<S> board;
  // The same number of shots at the same cells, and the generator left in the same state (so
  // the same draws were made on the way).
  auto shots = [&](auto shooter) {
    Ocean<S> ocean(board, fleets::classic);
    TargetView<S> view(board, fleets::classic, rulesets::classic);
    Rng rng(42);
    REQUIRE(UniformPlacer<S>{}.place(ocean, rng));
    const int count = play_solo(ocean, view, shooter, rng).shots;
    return std::tuple(count, view.shots(), rng.state());
  };
  for (const char* name : {"random", "hunt_target", "parity", "oriented_search"}) {
    INFO(name);
    const auto erased = shots(make_shooter<S>(name));
    const auto concrete = with_shooter<S>(name, [&](auto s) { return shots(s); });
    CHECK(erased == concrete);
  }
}

TEST_CASE("users register their own strategies by name and get them back type-erased",
          "[registry]") {
  register_shooter<S>("reading_order", "fires in reading order",
                      [] { return AnyShotStrategy<S>(ReadingOrder{}); });
  auto& registry = ShooterRegistry<S>::instance();
  CHECK(has(registry.names(), "reading_order"));
  CHECK(registry.names().back() == "reading_order"); // after the built-ins
  CHECK(registry.contains("reading_order"));
  CHECK_FALSE(ShooterRegistry<D>::instance().contains("reading_order")); // per shape type
  CHECK(registry.summary("reading_order") == "fires in reading order");
  CHECK_FALSE(shooter_is_slow<S>("reading_order"));
  auto shooter = make_shooter<S>("reading_order");
  CHECK(shooter.target<ReadingOrder>() != nullptr);
  CHECK(with_shooter<S>("reading_order", [](auto s) { return name_of<decltype(s)>(); }) == "any");
  CHECK(invalid_argument_of([] { (void)make_shooter<S>("nope"); }).find(", reading_order") !=
        std::string::npos);

  // Registering again replaces; removing forgets; built-ins cannot be replaced or removed.
  registry.add("reading_order", "replaced", [] { return AnyShotStrategy<S>(ReadingOrder{}); });
  CHECK(registry.summary("reading_order") == "replaced");
  register_shooter<S>(
      "reading_order", "thinks long", [] { return AnyShotStrategy<S>(ReadingOrder{}); }, true);
  CHECK(shooter_is_slow<S>("reading_order")); // as bayes is: callers play fewer of its games
  CHECK(registry.summary("reading_order") == "thinks long");
  const auto names = registry.names();
  CHECK(std::count(names.begin(), names.end(), "reading_order") == 1);
  CHECK(registry.remove("reading_order"));
  CHECK_FALSE(registry.contains("reading_order"));
  CHECK_FALSE(registry.remove("parity"));
  CHECK(invalid_argument_of([&] {
          registry.add("parity", "mine", [] { return AnyShotStrategy<S>(ReadingOrder{}); });
        }) == "'parity' is a built-in strategy's name");
  CHECK(invalid_argument_of([&] {
          registry.add("", "unnamed", [] { return AnyShotStrategy<S>(ReadingOrder{}); });
        }) == "a strategy needs a non-empty name");
  CHECK(invalid_argument_of([&] { registry.add("empty", "no factory", nullptr); }) ==
        "no factory given for 'empty'");
}

TEST_CASE("users register their own placers too", "[registry]") {
  register_placer<S>("fixed_classic", "one layout, always",
                     [] { return AnyPlacementStrategy<S>(SequentialPlacer<S>{}); });
  CHECK(has(placer_names<S>(), "fixed_classic"));
  auto placer = make_placer<S>("fixed_classic");
  CHECK(placer.target<SequentialPlacer<S>>() != nullptr);
  CHECK(PlacerRegistry<S>::instance().remove("fixed_classic"));
}

} // namespace test_registry
