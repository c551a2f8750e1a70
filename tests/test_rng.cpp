#include "catch_shim.hpp"

#include <battleship/rng.hpp>

#include <stdexcept>

namespace test_rng {

using namespace battleship;

TEST_CASE("a generator restored from its state goes on with the same sequence", "[rng]") {
  Rng rng(7);
  for (int i = 0; i < 5; ++i) (void)rng();
  Rng resumed = Rng::from_state(rng.state());
  CHECK(resumed == rng);
  for (int i = 0; i < 100; ++i) REQUIRE(resumed() == rng());
  CHECK(Rng(8).state() != Rng(7).state());
  CHECK_THROWS_AS(Rng::from_state(Rng::State{}), std::invalid_argument);
}

} // namespace test_rng
