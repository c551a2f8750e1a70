// Must not compile: a shape past max_board_cells (its cell indices and shot counts would overflow,
// and its bitboards' word count wrap).
// compile-fail-expect: max_board_cells.* evaluated to .*false
#include <battleship/shape.hpp>

int main() {
  battleship::DynamicShape<battleship::max_board_cells + 1> shape(1, 1);
  return shape.cells();
}
