/// @file battleship.hpp
/// @brief Includes the whole engine: every strategy, placer and text format. The seed systems'
/// interfaces (`compat/cs32.hpp`, `compat/bbm103.hpp`) are included on their own.
#pragma once

#include <battleship/answer_refusal.hpp>
#include <battleship/batch_posteriors.hpp>
#include <battleship/bitboard.hpp>
#include <battleship/board.hpp>
#include <battleship/coord.hpp>
#include <battleship/fixed_string.hpp>
#include <battleship/fleet.hpp>
#include <battleship/forfeit.hpp>
#include <battleship/game.hpp>
#include <battleship/game_record.hpp>
#include <battleship/layouts.hpp>
#include <battleship/miss_phases.hpp>
#include <battleship/ocean.hpp>
#include <battleship/outcome.hpp>
#include <battleship/placement_table.hpp>
#include <battleship/posterior.hpp>
#include <battleship/ratings.hpp>
#include <battleship/registry.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/shape.hpp>
#include <battleship/simulate.hpp>
#include <battleship/solo.hpp>
#include <battleship/solo_batch.hpp>
#include <battleship/solo_record.hpp>
#include <battleship/sprt.hpp>
#include <battleship/statistics.hpp>
#include <battleship/strategy.hpp>
#include <battleship/tournament.hpp>
#include <battleship/view.hpp>

#include <battleship/io/bbm103_text.hpp>
#include <battleship/io/board_text.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/io/layout_text.hpp>
#include <battleship/placement/elusive.hpp>
#include <battleship/placement/fixed.hpp>
#include <battleship/placement/mediocre.hpp>
#include <battleship/placement/rest.hpp>
#include <battleship/placement/sequential.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/checkerboard_search.hpp>
#include <battleship/strategies/expert.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/mediocre.hpp>
#include <battleship/strategies/optimal.hpp>
#include <battleship/strategies/prior_mixture.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/strategies/random.hpp>
