// Must not compile: the engine's shooters hold cell indices in 16 bits, so a board shape of
// more than max_strategy_cells (65,536) cells is refused with that reason, not a wrong index.
// compile-fail-expect: shooters take board shapes of at most max_strategy_cells
#include <battleship/strategies/probability.hpp>

using Huge = battleship::DynamicShape<(std::size_t{1} << 17)>;

int main() {
  battleship::ProbabilityShooter<Huge> shooter;
  (void)shooter;
}
