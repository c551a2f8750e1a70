// battleship._core: the engine's bindings, one register_* function per concept.
#include <battleship/version.hpp>

#include "bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "The compiled battleship engine; use the `battleship` package instead.";
  m.attr("__version__") = BATTLESHIP_VERSION_STRING;
  m.attr("small_capacity") = bsp::SmallShape::capacity;
  m.attr("large_capacity") = bsp::LargeShape::capacity;
  bsp::register_values(m);
  bsp::register_fleet(m);
  bsp::register_rules(m);
  bsp::register_ocean(m);
  bsp::register_view(m);
  bsp::register_shooter_settings(m);
  bsp::register_strategies(m);
  bsp::register_game(m);
  bsp::register_game_record(m);
  bsp::register_simulate(m);
  bsp::register_ratings(m);
  bsp::register_posterior(m);
  bsp::register_bbm103(m);
  bsp::register_optimal(m);
  bsp::register_solo_batch(m);
  bsp::refuse_uninitialised_instances(m);
}
