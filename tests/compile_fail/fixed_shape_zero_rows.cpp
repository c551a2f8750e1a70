// Must not compile: a board needs at least one row.
// compile-fail-expect: >= 1.* evaluated to .*false
#include <battleship/shape.hpp>

int main() {
  battleship::FixedShape<0, 10> shape;
  return shape.cells();
}
