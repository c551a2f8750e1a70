// The classic 10 x 10 board with built-in strategies: the same FixedShape<10, 10> loop as the C++
// bench (see batch.hpp).
#include "batch_impl.hpp"

namespace bsp {
py::dict simulate_classic(const std::string& shooter, const std::string& placer,
                          const BatchSetup& setup) {
  using S = battleship::ClassicShape;
  RunControl control;
  battleship::SimulationResult result;
  battleship::with_shooter<S>(shooter, [&](auto s) {
    battleship::with_placer<S>(
        placer, [&](auto p) { result = detail::run_solo(S{}, s, p, setup, control); });
  });
  return detail::summary(result);
}
} // namespace bsp
