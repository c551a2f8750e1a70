// Tests for battleship/compat/bbm103.hpp: the BBM103 "Battle of Ships" replay (seed 000).
//
// Expected reports were produced by the seed's own program (its Python code, run as an oracle
// outside the repository) on these inputs and checked by hand.
#include "catch_shim.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>

#include <battleship/compat/bbm103.hpp>

namespace test_bbm103 {

using namespace battleship;
using namespace battleship::bbm103;

namespace {

// Player 1: Carrier 3,D-3,H; Battleships 1,I down and 10,A right; Destroyer 4,A down;
// Submarine 7,B right; Patrol Boats 9,G right, 1,J down, 1,D down, 9,B right.
constexpr std::string_view grid1 = ";;;P;;;;;B;P\n"
                                   ";;;P;;;;;B;P\n"
                                   ";;;C;C;C;C;C;B;\n"
                                   "D;;;;;;;;B;\n"
                                   "D;;;;;;;;;\n"
                                   "D;;;;;;;;;\n"
                                   ";S;S;S;;;;;;\n"
                                   ";;;;;;;;;\n"
                                   ";P;P;;;;P;P;;\n"
                                   "B;B;B;B;;;;;;\n";
constexpr std::string_view ships1 =
    "B1:1,I;down;\nB2:10,A;right;\nP1:9,G;right;\nP2:1,J;down;\nP3:1,D;down;\nP4:9,B;right;";
// Player 2: Carrier 5,C down; Battleships 10,F right and 2,E right; Destroyer 1,J down;
// Submarine 9,G right; Patrol Boats 8,J down, 6,E down, 3,D right, 5,I right.
constexpr std::string_view grid2 = ";;;;;;;;;D\n"
                                   ";;;;B;B;B;B;;D\n"
                                   ";;;P;P;;;;;D\n"
                                   ";;;;;;;;;\n"
                                   ";;C;;;;;;P;P\n"
                                   ";;C;;P;;;;;\n"
                                   ";;C;;P;;;;;\n"
                                   ";;C;;;;;;;P\n"
                                   ";;C;;;;S;S;S;P\n"
                                   ";;;;;B;B;B;B;\n";
constexpr std::string_view ships2 =
    "B1:10,F;right;\nB2:2,E;right;\nP1:8,J;down;\nP2:6,E;down;\nP3:3,D;right;\nP4:5,I;right;";

// Every ship cell of player 2 (what player 1 must hit) and of player 1, in reading order.
constexpr std::string_view all_of_player2 =
    "1,J;2,E;2,F;2,G;2,H;2,J;3,D;3,E;3,J;5,C;5,I;5,J;6,C;6,E;7,C;7,E;8,C;8,J;9,C;9,G;9,H;9,I;9,J;"
    "10,F;10,G;10,H;10,I;";
constexpr std::string_view all_of_player1 =
    "1,D;1,I;1,J;2,D;2,I;2,J;3,D;3,E;3,F;3,G;3,H;3,I;4,A;4,I;5,A;6,A;7,B;7,C;7,D;9,B;9,C;9,G;9,H;"
    "10,A;10,B;10,C;10,D;";

ReplayInput game(std::string_view shots1, std::string_view shots2) {
  ReplayInput in;
  in.grids = {std::string(grid1), std::string(grid2)};
  in.ship_files = {std::string(ships1), std::string(ships2)};
  in.shots = {std::string(shots1), std::string(shots2)};
  return in;
}

template <class... Pieces>
std::string cat(const Pieces&... pieces) {
  return battleship::detail::concat(pieces...);
}

// FNV-1a, to pin long reports without embedding them.
std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

// Two rounds: player 1 hits and sinks a Patrol Boat; player 2 runs through a missing argument,
// bad arguments, a miss, an invalid operation, too many arguments, and then out of shots.
constexpr std::string_view short_game_report = R"(Battle of Ships Game

Player1's Move

Round : 1					Grid Size: 10x10

Player1's Hidden Board		Player2's Hidden Board
 A B C D E F G H I J		 A B C D E F G H I J
1 - - - - - - - - - -		1 - - - - - - - - - -
2 - - - - - - - - - -		2 - - - - - - - - - -
3 - - - - - - - - - -		3 - - - - - - - - - -
4 - - - - - - - - - -		4 - - - - - - - - - -
5 - - - - - - - - - -		5 - - - - - - - - - -
6 - - - - - - - - - -		6 - - - - - - - - - -
7 - - - - - - - - - -		7 - - - - - - - - - -
8 - - - - - - - - - -		8 - - - - - - - - - -
9 - - - - - - - - - -		9 - - - - - - - - - -
10- - - - - - - - - -		10- - - - - - - - - -

Carrier		-			Carrier		-
Battleship	- -			Battleship	- -
Destroyer	-			Destroyer	-
Submarine	-			Submarine	-
Patrol Boat	- - - -			Patrol Boat	- - - -

Enter your move: 5,I

Player2's Move

Round : 1					Grid Size: 10x10

Player1's Hidden Board		Player2's Hidden Board
 A B C D E F G H I J		 A B C D E F G H I J
1 - - - - - - - - - -		1 - - - - - - - - - -
2 - - - - - - - - - -		2 - - - - - - - - - -
3 - - - - - - - - - -		3 - - - - - - - - - -
4 - - - - - - - - - -		4 - - - - - - - - - -
5 - - - - - - - - - -		5 - - - - - - - - X -
6 - - - - - - - - - -		6 - - - - - - - - - -
7 - - - - - - - - - -		7 - - - - - - - - - -
8 - - - - - - - - - -		8 - - - - - - - - - -
9 - - - - - - - - - -		9 - - - - - - - - - -
10- - - - - - - - - -		10- - - - - - - - - -

Carrier		-			Carrier		-
Battleship	- -			Battleship	- -
Destroyer	-			Destroyer	-
Submarine	-			Submarine	-
Patrol Boat	- - - -			Patrol Boat	- - - -

Enter your move: ,A

IndexError: Missing argument. You entered ',A' ,the correct format would be such as '3,A'.

Enter your move: x,B

ValueError: Bad arguments. You entered 'x,B' ,the correct format would be such as '3,A'.

Enter your move: 3,B

Player1's Move

Round : 2					Grid Size: 10x10

Player1's Hidden Board		Player2's Hidden Board
 A B C D E F G H I J		 A B C D E F G H I J
1 - - - - - - - - - -		1 - - - - - - - - - -
2 - - - - - - - - - -		2 - - - - - - - - - -
3 - 0 - - - - - - - -		3 - - - - - - - - - -
4 - - - - - - - - - -		4 - - - - - - - - - -
5 - - - - - - - - - -		5 - - - - - - - - X -
6 - - - - - - - - - -		6 - - - - - - - - - -
7 - - - - - - - - - -		7 - - - - - - - - - -
8 - - - - - - - - - -		8 - - - - - - - - - -
9 - - - - - - - - - -		9 - - - - - - - - - -
10- - - - - - - - - -		10- - - - - - - - - -

Carrier		-			Carrier		-
Battleship	- -			Battleship	- -
Destroyer	-			Destroyer	-
Submarine	-			Submarine	-
Patrol Boat	- - - -			Patrol Boat	- - - -

Enter your move: 5,J

Player2's Move

Round : 2					Grid Size: 10x10

Player1's Hidden Board		Player2's Hidden Board
 A B C D E F G H I J		 A B C D E F G H I J
1 - - - - - - - - - -		1 - - - - - - - - - -
2 - - - - - - - - - -		2 - - - - - - - - - -
3 - 0 - - - - - - - -		3 - - - - - - - - - -
4 - - - - - - - - - -		4 - - - - - - - - - -
5 - - - - - - - - - -		5 - - - - - - - - X X
6 - - - - - - - - - -		6 - - - - - - - - - -
7 - - - - - - - - - -		7 - - - - - - - - - -
8 - - - - - - - - - -		8 - - - - - - - - - -
9 - - - - - - - - - -		9 - - - - - - - - - -
10- - - - - - - - - -		10- - - - - - - - - -

Carrier		-			Carrier		-
Battleship	- -			Battleship	- -
Destroyer	-			Destroyer	-
Submarine	-			Submarine	-
Patrol Boat	- - - -			Patrol Boat	X - - -

Enter your move: 11,C

AssertionError: Invalid Operation.

Enter your move: 2,D,E

ValueError: Too many arguments. You entered '2,D,E' ,the correct format would be such as '3,A'.

list index out of rangeFinal Information

Player1's Board				Player2's Board
 A B C D E F G H I J		 A B C D E F G H I J
1 - - - P - - - - B P		1 - - - - - - - - - D
2 - - - P - - - - B P		2 - - - - B B B B - D
3 - 0 - C C C C C B -		3 - - - P P - - - - D
4 D - - - - - - - B -		4 - - - - - - - - - -
5 D - - - - - - - - -		5 - - C - - - - - X X
6 D - - - - - - - - -		6 - - C - P - - - - -
7 - S S S - - - - - -		7 - - C - P - - - - -
8 - - - - - - - - - -		8 - - C - - - - - - P
9 - P P - - - P P - -		9 - - C - - - S S S P
10B B B B - - - - - -		10- - - - - B B B B -

Carrier		-			Carrier		-
Battleship	- -			Battleship	- -
Destroyer	-			Destroyer	-
Submarine	-			Submarine	-
Patrol Boat	- - - -			Patrol Boat	X - - -

)";

/// A fresh directory under the temporary directory, removed at the end of the scope.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / cat("bbm103_test_", std::random_device{}());
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  void write(const std::string& name, std::string_view text) const {
    std::ofstream(path / name, std::ios::binary) << text;
  }
};

} // namespace

TEST_CASE("bbm103: a whole short game is the seed's report, character for character", "[bbm103]") {
  const ReplayResult r = replay(game("5,I;5,J;1,A;", ",A;x,B;3,B;11,C;2,D,E;"));
  CHECK(r.played);
  CHECK(r.error.empty());
  CHECK(r.text == short_game_report);
}

TEST_CASE("bbm103: player 1 sinks the last ship, player 2 still shoots, then Player1 Wins!",
          "[bbm103]") {
  const std::string p2 =
      cat("1,A;", all_of_player1.substr(0, all_of_player1.rfind("10,D;")), "1,B;2,B;");
  const ReplayResult r = replay(game(all_of_player2, p2));
  REQUIRE(r.played);
  CHECK(r.text.size() == 41927);
  CHECK(fnv1a(r.text) == 0x7b1cf18e332052a7ULL);
  // The equalising move of round 27, after player 1 sank player 2's fleet.
  const auto last_round = r.text.rfind("Player2's Move\n\nRound : 27\t");
  REQUIRE(last_round != std::string::npos);
  CHECK(r.text.find("Patrol Boat\tX X X X\t\t\tPatrol Boat\tX X X X\n\nEnter your move: 10,C\n\n"
                    "Player1 Wins!\n\nFinal Information\n\n",
                    last_round) != std::string::npos);
  CHECK(r.text.find("Round : 28") == std::string::npos);
}

TEST_CASE("bbm103: both fleets sunk in the same round is a draw", "[bbm103]") {
  const ReplayResult r = replay(game(cat("2,A;", all_of_player2), cat("1,A;", all_of_player1)));
  REQUIRE(r.played);
  CHECK(r.text.size() == 43454);
  CHECK(fnv1a(r.text) == 0xc2b9b06407209598ULL);
  CHECK(r.text.find("Enter your move: 10,D\n\nIt is a Draw!\n\nFinal Information\n\n") !=
        std::string::npos);
  // The final tallies: every ship of both players sunk.
  CHECK(r.text.ends_with("Carrier\t\tX\t\t\tCarrier\t\tX\n"
                         "Battleship\tX X\t\t\tBattleship\tX X\n"
                         "Destroyer\tX\t\t\tDestroyer\tX\n"
                         "Submarine\tX\t\t\tSubmarine\tX\n"
                         "Patrol Boat\tX X X X\t\t\tPatrol Boat\tX X X X\n\n"));
}

TEST_CASE("bbm103: a repeated shot wastes the turn and Player2 Wins!", "[bbm103]") {
  const ReplayResult r = replay(game(cat("2,A;2,A;", all_of_player2), cat("1,A;", all_of_player1)));
  REQUIRE(r.played);
  CHECK(r.text.size() == 43453);
  CHECK(fnv1a(r.text) == 0xb4c9da1f8cd3589eULL);
  CHECK(r.text.find("Enter your move: 10,D\n\nPlayer2 Wins!\n\nFinal Information") !=
        std::string::npos);
  // The repeated 2,A is neither an error nor a second mark.
  CHECK(r.text.find("Enter your move: 2,A\n\nPlayer2's Move\n\nRound : 2\t") != std::string::npos);
}

TEST_CASE("bbm103: a shot repeated turn after turn wastes each turn, with no limit", "[bbm103]") {
  // The engine stops a game after 100 invalid shots in a row by default; the seed has no limit.
  std::string again1;
  std::string again2;
  for (int k = 0; k < 103; ++k) {
    again1 += "1,A;";
    again2 += "1,B;";
  }
  const ReplayResult r = replay(game(again1, again2));
  REQUIRE(r.played);
  CHECK(r.error.empty());
  CHECK(r.text.find("Round : 103\t") != std::string::npos);
  CHECK(r.text.find("Round : 104\t") == std::string::npos); // the lists ran out: the game ends
}

TEST_CASE("bbm103: misses are drawn 0 (the digit), hits X, and unshot ships at the end",
          "[bbm103]") {
  const ReplayResult r = replay(game("1,A;3,J;", "1,D;2,A;"));
  REQUIRE(r.played);
  // Final boards: player 1's own board (shot at by player 2) on the left.
  CHECK(r.text.find("1 - - - X - - - - B P\t\t1 0 - - - - - - - - D\n"
                    "2 0 - - P - - - - B P\t\t2 - - - - B B B B - D\n"
                    "3 - - - C C C C C B -\t\t3 - - - P P - - - - X\n") != std::string::npos);
  CHECK(miss_mark == '0');
}

TEST_CASE("bbm103: the game ends when either list runs out at the start of a round", "[bbm103]") {
  SECTION("no shots at all: title, then the final information") {
    const ReplayResult r = replay(game("", "1,A;"));
    REQUIRE(r.played);
    CHECK(r.text.starts_with("Battle of Ships Game\n\nFinal Information\n\nPlayer1's Board\t\t\t\t"
                             "Player2's Board\n A B C D E F G H I J\t\t A B C D E F G H I J\n"
                             "1 - - - P - - - - B P\t\t1 - - - - - - - - - D\n"));
  }
  SECTION("the piece after the last ';' is not a shot") {
    CHECK(split_shots("5,E;10,G;8,I") == std::vector<std::string>{"5,E", "10,G"});
    CHECK(split_shots("5,E;\n") == std::vector<std::string>{"5,E"});
    CHECK(split_shots("").empty());
    const ReplayResult r = replay(game("1,A", "1,A;"));
    CHECK(r.text.find("Round :") == std::string::npos);
  }
  SECTION("a player out of retries gets the seed's message and the other still moves") {
    const ReplayResult r = replay(game("1,A;0,B;", "1,A;2,A;3,A;"));
    REQUIRE(r.played);
    CHECK(r.text.find("Enter your move: 0,B\n\nAssertionError: Invalid Operation.\n\n"
                      "list index out of rangePlayer2's Move\n\nRound : 2\t") != std::string::npos);
    CHECK(r.text.find("Enter your move: 2,A\n\nFinal Information") != std::string::npos);
  }
}

TEST_CASE("bbm103: each malformed shot gets the seed's error line and the next shot is read",
          "[bbm103]") {
  struct Case {
    std::string_view shot;
    std::string_view error;
  };
  const Case cases[] = {
      {"", "IndexError: Missing argument. You entered '' ,the correct format would be such as "
           "'3,A'.\n\n"},
      {"3", "IndexError: Missing argument. You entered '3' ,the correct format would be such as "
            "'3,A'.\n\n"},
      {"3,,A", "IndexError: Missing argument. You entered '3,,A' ,the correct format would be "
               "such as '3,A'.\n\n"},
      {"3,A,B", "ValueError: Too many arguments. You entered '3,A,B' ,the correct format would "
                "be such as '3,A'.\n\n"},
      {" 3,A", "ValueError: Bad arguments. You entered ' 3,A' ,the correct format would be such "
               "as '3,A'.\n\n"},
      {"3,?", "ValueError: Bad arguments. You entered '3,?' ,the correct format would be such as "
              "'3,A'.\n\n"},
      {"-1,A", "ValueError: Bad arguments. You entered '-1,A' ,the correct format would be such "
               "as '3,A'.\n\n"},
      {"0,A", "AssertionError: Invalid Operation.\n\n"},
      {"11,A", "AssertionError: Invalid Operation.\n\n"},
      {"99999999999999999999999,A", "AssertionError: Invalid Operation.\n\n"},
      {"3,K", "AssertionError: Invalid Operation.\n\n"},
      {"3,a", "AssertionError: Invalid Operation.\n\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.shot);
    const ReplayResult r = replay(game(cat(c.shot, ";5,I;"), "1,A;"));
    REQUIRE(r.played);
    CHECK(r.text.find(cat("Enter your move: ", c.shot, "\n\n", c.error,
                          "Enter your move: 5,I\n\nPlayer2's Move")) != std::string::npos);
  }
  CHECK(check_shot("03,A").verdict == ShotVerdict::valid);
  CHECK(check_shot("03,A").cell == Coord{2, 0});
  CHECK(check_shot("10,J").cell == Coord{9, 9});
}

TEST_CASE("bbm103: where the seed crashes, the report ends with a precise error", "[bbm103]") {
  SECTION("a column of two letters (the seed's ord() fails)") {
    const ReplayResult r = replay(game("1,A;2,B\n;3,AB;", "1,A;2,A;"));
    CHECK_FALSE(r.played);
    CHECK(r.error == "Error: Player1.in, line 2: shot 3 '3,AB': the column 'AB' has several "
                     "letters; it must be one letter A-J, as in '3,A'");
    CHECK(r.text.ends_with(cat("Enter your move: 3,AB\n\n", r.error)));
    CHECK(r.text.find("kaBOOM") == std::string::npos);
  }
  SECTION("a column of several non-ASCII letters") {
    const ReplayResult r = replay(game("1,A;2,B\n;3,\uFF21\uFF22;", "1,A;2,A;3,A;"));
    CHECK_FALSE(r.played);
    CHECK(r.error == "Error: Player1.in, line 2: shot 3 '3,\uFF21\uFF22': the column "
                     "'\uFF21\uFF22' has several letters; it must be one letter A-J, as in '3,A'");
  }
  SECTION("a file that is not UTF-8: the line and the byte") {
    ReplayInput in = game("1,A;", "1,A;");
    in.grids[1] += "\xff";
    const ReplayResult r = replay(in);
    CHECK_FALSE(r.played);
    CHECK(r.text == "Error: Player2.txt, line 11: byte 1 (0xff) is not UTF-8 (invalid start "
                    "byte); the seed's program reads its files as UTF-8 text");
    in = game("1,A;\r\n2,\xc3\xa9;3,\xc3;", "1,A;");
    CHECK(replay(in).text == "Error: Player1.in, line 2: byte 8 (0xc3) is not UTF-8 (invalid "
                             "continuation byte); the seed's program reads its files as UTF-8 "
                             "text");
    in = game("1,A;", "1,A;\r2,\xed\xa0\x80;"); // a surrogate, which Python refuses
    CHECK(replay(in).text == "Error: Player2.in, line 2: byte 3 (0xed) is not UTF-8 (invalid "
                             "continuation byte); the seed's program reads its files as UTF-8 "
                             "text");
    in = game("1,A;", "1,A;2,\xe2\x82");
    CHECK(replay(in).text == "Error: Player2.in, line 1: byte 7 (0xe2) is not UTF-8 (unexpected "
                             "end of data); the seed's program reads its files as UTF-8 text");
  }
  SECTION("a ship letter past the tenth column or row") {
    ReplayInput in = game("1,A;", "1,A;");
    in.grids[0] = cat(grid1, ";;C\n");
    CHECK(replay(in).text == "Error: Player1.txt, line 11: the grid has 10 rows, but this line "
                             "has 'C'");
    in.grids[0] = ";;;;;;;;;;C\n";
    CHECK(replay(in).text == "Error: Player1.txt, line 1: cell 11 holds 'C'; a row has 10 cells, "
                             "separated by ';'");
  }
  SECTION("a ship file with a blank last line (the seed cannot split it)") {
    ReplayInput in = game("1,A;", "1,A;");
    in.ship_files[1] += "\n";
    CHECK(replay(in).text == "Error: OptionalPlayer2.txt, line 7: empty line; every line places "
                             "one ship; the form is NAME:ROW,COL;DIRECTION; as in "
                             "'B1:5,E;right;'");
  }
}

TEST_CASE("bbm103: fleets the seed's author does not allow are refused before the game",
          "[bbm103]") {
  const auto error_with = [](std::string grid, std::string ships) {
    ReplayInput in = game("1,A;", "1,A;");
    in.grids[0] = std::move(grid);
    in.ship_files[0] = std::move(ships);
    const ReplayResult r = replay(in);
    CHECK_FALSE(r.played);
    CHECK(r.text == r.error);
    return r.error;
  };
  const std::string g(grid1), s(ships1);
  const auto replaced = [](std::string text, std::string_view from, std::string_view to) {
    const std::size_t at = text.find(from);
    return cat(std::string_view(text).substr(0, at), to,
               std::string_view(text).substr(at + from.size()));
  };
  CHECK(error_with(replaced(g, "D;;;;;;;;;\nD;", "X;;;;;;;;;\nD;"), s) ==
        "Error: Player1.txt, line 5: cell 5,A holds 'X'; a cell is empty, '-', or one ship "
        "letter: C, B, D, S or P");
  CHECK(error_with(replaced(g, ";;;;;;;;;\n;P", ";;;;;;C;;;\n;P"), s) ==
        "Error: Player1.txt, line 3: the Carrier ('C') covers 6 cells; it must be one straight "
        "run of 5");
  // Its ends 5 apart, but 3 cells: not a run of 5 with gaps left open.
  CHECK(error_with(replaced(g, ";;;C;C;C;C;C;B;", ";;;C;-;C;-;C;B;"), s) ==
        "Error: Player1.txt, line 3: the Carrier ('C') covers 3 cells; it must be one straight "
        "run of 5");
  CHECK(error_with(replaced(g, ";S;S;S;;;;;;", ";S;S;;S;;;;;"), s) ==
        "Error: Player1.txt, line 7: the Submarine ('S') covers 3 cells; it must be one straight "
        "run of 3");
  CHECK(error_with(g, replaced(s, "B1:1,I;down;", "B1:2,I;down;")) ==
        "Error: OptionalPlayer1.txt, line 1: B1 covers 5,I, which Player1.txt marks '-' instead "
        "of 'B'");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "P4:9,G;right;")) ==
        "Error: OptionalPlayer1.txt, line 6: P4: the ship would overlap another ship");
  CHECK(error_with(g, replaced(s, "\nP4:9,B;right;", "")) ==
        "Error: OptionalPlayer1.txt: no line places P4");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "P3:9,B;right;")) ==
        "Error: OptionalPlayer1.txt, line 6: P3 is placed twice (first on line 5)");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "X4:9,B;right;")) ==
        "Error: OptionalPlayer1.txt, line 6: unknown ship 'X4'; the ships are B1, B2 "
        "(Battleships) and P1 to P4 (Patrol Boats)");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "P4:9,B;left;")) ==
        "Error: OptionalPlayer1.txt, line 6: the direction 'left' is not 'right' or 'down'");
  CHECK(error_with(g, replaced(s, "B2:10,A;right;", "B2:10,A;down;")) ==
        "Error: OptionalPlayer1.txt, line 2: B2 at 10,A going down runs off the board");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "P4:9,b;right;")) ==
        "Error: OptionalPlayer1.txt, line 6: the position '9,b' is off the board (rows 1-10, "
        "columns A-J)");
  CHECK(error_with(g, replaced(s, "B1:1,I;down;", "B1:11,A;right;")) ==
        "Error: OptionalPlayer1.txt, line 1: the position '11,A' is off the board (rows 1-10, "
        "columns A-J)");
  CHECK(error_with(g, replaced(s, "P4:9,B;right;", "P4:9,B;right")) ==
        "Error: OptionalPlayer1.txt, line 6: 'P4:9,B;right' has 1 ';' instead of two; the form "
        "is NAME:ROW,COL;DIRECTION; as in 'B1:5,E;right;'");
  CHECK(error_with(replaced(g, ";P;P;;;;P;P;;", ";P;P;;;;P;P;;P"), s) ==
        "Error: Player1.txt, line 9: the 'P' at 9,J is not part of any Patrol Boat of "
        "OptionalPlayer1.txt");
}

TEST_CASE("bbm103: a ship file line without exactly one colon, or with text after its last "
          "semicolon, is refused naming the line",
          "[bbm103]") {
  // Each line replaces P4's (line 6) in player 1's ship file; nothing is played.
  const auto error_with = [](std::string_view line) {
    std::string ships(ships1);
    ships.replace(ships.find("P4:9,B;right;"), std::string_view("P4:9,B;right;").size(), line);
    ReplayInput in = game("1,A;", "1,A;");
    in.ship_files[0] = ships;
    const ReplayResult r = replay(in);
    CHECK_FALSE(r.played);
    CHECK(r.text == r.error);
    return r.error;
  };
  const std::string form = "; the form is NAME:ROW,COL;DIRECTION; as in 'B1:5,E;right;'";
  CHECK(error_with("P49,B;right;") ==
        "Error: OptionalPlayer1.txt, line 6: 'P49,B;right;' has 0 ':' instead of one" + form);
  CHECK(error_with("P4:9:B;right;") ==
        "Error: OptionalPlayer1.txt, line 6: 'P4:9:B;right;' has 2 ':' instead of one" + form);
  CHECK(error_with("P4:9,B;right;down") ==
        "Error: OptionalPlayer1.txt, line 6: unexpected 'down' after the last ';'");
  CHECK(error_with("P4:9,B;right; x ") ==
        "Error: OptionalPlayer1.txt, line 6: unexpected ' x ' after the last ';'");
  CHECK(replay([] {
          ReplayInput in = game("1,A;", "1,A;");
          in.ship_files[0] = std::string(ships1) + " \t"; // blanks after the last ';' are allowed
          return in;
        }())
            .played);
}

TEST_CASE("bbm103: a ship file's row is read by Python's int()", "[bbm103][unicode]") {
  // Blanks around it (Unicode's too), a sign, '_' between digits, any script's digits: the
  // seed's int() reads them all, and the game is the same.
  ReplayInput in = game("5,I;5,J;1,A;", ",A;x,B;3,B;11,C;2,D,E;");
  in.ship_files[0] = "B1:\u0661,I;down;\nB2: +10\u3000,A;right;\nP1:0_9,G;right;\n"
                     "P2:\uFF11,J;down;\nP3:\t1\u00A0,D;down;\nP4:\U0001D7D7,B;right;";
  CHECK(replay(in).text == short_game_report);
  const auto error_with = [&](std::string_view ship_line) {
    ReplayInput bad = in;
    bad.ship_files[0] = cat(ships1.substr(0, ships1.rfind('\n') + 1), ship_line);
    return replay(bad).text;
  };
  // int() refuses these (the seed's catch-all): a precise error.
  for (const std::string_view row : {"9_", "_9", "9__0", "- 9",
                                     "\x1c"
                                     "9",
                                     "\u00B2", "\u200B9"}) {
    CAPTURE(row);
    CHECK(error_with(cat("P4:", row, ",B;right;"))
              .starts_with("Error: OptionalPlayer1.txt, line 6: the position '"));
  }
  CHECK(error_with("P4:9,\uFF22;right;") == "Error: OptionalPlayer1.txt, line 6: the position "
                                            "'9,\uFF22' is off the board (rows 1-10, columns A-J)");
  CHECK(error_with("P4:-9,B;right;") == "Error: OptionalPlayer1.txt, line 6: the position '-9,B' "
                                        "is off the board (rows 1-10, columns A-J)");
}

TEST_CASE("bbm103: the files are read as Python reads text", "[bbm103]") {
  SECTION("Windows line endings and '-' for water are accepted") {
    std::string crlf;
    for (const char c : grid1) {
      if (c == '\n') crlf.push_back('\r');
      crlf.push_back(c);
    }
    ReplayInput in = game("5,I;5,J;1,A;", ",A;x,B;3,B;11,C;2,D,E;");
    in.grids[0] = crlf;
    std::string dashes;
    char previous = '\n';
    for (const char c : grid2) { // '-' in every empty cell
      if ((previous == ';' || previous == '\n') && (c == ';' || c == '\n')) dashes.push_back('-');
      dashes.push_back(c);
      previous = c;
    }
    in.grids[1] = dashes;
    CHECK(replay(in).text == short_game_report);
  }
}

TEST_CASE("bbm103: replay_files reads the seed's files and reports unreachable ones", "[bbm103]") {
  TempDir dir;
  dir.write("Player1.txt", grid1);
  dir.write("Player2.txt", grid2);
  dir.write("p1.in", "5,I;5,J;1,A;");
  dir.write("p2.in", ",A;x,B;3,B;11,C;2,D,E;");
  const std::string d = dir.path.string();
  SECTION("a missing ship file gives the seed's line with Python's error text") {
    const ReplayResult r = replay_files("Player1.txt", "Player2.txt", "p1.in", "p2.in", d);
    CHECK_FALSE(r.played);
    CHECK(r.text == cat("IOError: input file(s) [Errno 2] No such file or directory: '", d,
                        "/OptionalPlayer1.txt' is/are not reachable."));
  }
  dir.write("OptionalPlayer1.txt", ships1);
  dir.write("OptionalPlayer2.txt", ships2);
  SECTION("all files present: the game") {
    const ReplayResult r = replay_files("Player1.txt", "Player2.txt", "p1.in", "p2.in", d);
    CHECK(r.played);
    CHECK(r.text == short_game_report);
    const ReplayResult abs =
        replay_files(cat(d, "/Player1.txt"), "Player2.txt", "p1.in", "p2.in", d);
    CHECK(abs.text == short_game_report);
  }
  SECTION("unreachable named files are listed by base name, in argument order") {
    const ReplayResult r = replay_files("Player1.txt", "nope/Player2.txt", "p1.in", "none.in", d);
    CHECK_FALSE(r.played);
    CHECK(r.text == "IOError: input file(s) Player2.txt, none.in is/are not reachable.");
    CHECK(replay_files(".", "Player2.txt", "p1.in", "p2.in", d).text ==
          "IOError: input file(s) . is/are not reachable.");
    // A path with no base name (a directory, or nothing) is named as given, never skipped.
    const ReplayResult directory = replay_files("Player1.txt", "Player2.txt", "p1.in", "nope/", d);
    CHECK_FALSE(directory.played);
    CHECK(directory.text == "IOError: input file(s) nope/ is/are not reachable.");
    CHECK(replay_files("", "Player2.txt", "p1.in", "/", d).text ==
          "IOError: input file(s) '', / is/are not reachable.");
  }
  SECTION("a file larger than any input is refused, and an endless one is not read to its end") {
    dir.write("long.in", std::string(max_input_bytes + 1, ';'));
    const ReplayResult r = replay_files("Player1.txt", "Player2.txt", "p1.in", "long.in", d);
    CHECK_FALSE(r.played);
    CHECK(r.text == "Error: long.in: the file holds more than 1048576 bytes, which no BBM103 "
                    "input file does");
    dir.write("OptionalPlayer2.txt", std::string(max_input_bytes + 1, '\n'));
    CHECK(replay_files("Player1.txt", "Player2.txt", "p1.in", "p2.in", d).text ==
          "Error: OptionalPlayer2.txt: the file holds more than 1048576 bytes, which no BBM103 "
          "input file does");
    if (std::filesystem::exists("/dev/zero"))
      CHECK(replay_files("/dev/zero", "Player2.txt", "p1.in", "p2.in", d)
                .text.find("Error: zero: the file holds more than") == 0);
    dir.write("OptionalPlayer2.txt", ships2);
    dir.write("exactly.in", std::string(max_input_bytes, ';')); // the limit itself is read
    CHECK(replay_files("Player1.txt", "Player2.txt", "p1.in", "exactly.in", d)
              .text.find("holds more than") == std::string::npos);
  }
}

TEST_CASE("bbm103: a ship file's path is quoted in its error as Python's repr quotes it",
          "[bbm103]") {
  // Each expected text is what python3's repr() prints for the string.
  using bbm103::detail::python_repr;
  CHECK(python_repr("a") == "'a'");
  CHECK(python_repr("it's") == "\"it's\"");
  CHECK(python_repr("say \"hi\"") == "'say \"hi\"'");
  CHECK(python_repr("a'b\"c") == "'a\\'b\"c'"); // both quotes: single, the apostrophe escaped
  CHECK(python_repr("back\\slash") == "'back\\\\slash'");
  CHECK(python_repr("tab\there\nnl\r\x01\x7f\x1b") == "'tab\\there\\nnl\\r\\x01\\x7f\\x1b'");
  CHECK(python_repr("caf\xc3\xa9") == "'caf\xc3\xa9'"); // UTF-8 kept as it is
  // In a replay's report: a directory whose name holds both quotes.
  TempDir dir;
  std::filesystem::create_directory(dir.path / "a'b\"c");
  dir.write("a'b\"c/Player1.txt", grid1);
  dir.write("a'b\"c/Player2.txt", grid2);
  dir.write("a'b\"c/p1.in", "5,I;");
  dir.write("a'b\"c/p2.in", "1,A;");
  const std::string d = (dir.path / "a'b\"c").string();
  const ReplayResult r = replay_files("Player1.txt", "Player2.txt", "p1.in", "p2.in", d);
  CHECK_FALSE(r.played);
  CHECK(r.text == cat("IOError: input file(s) [Errno 2] No such file or directory: '",
                      dir.path.string(), "/a\\'b\"c/OptionalPlayer1.txt' is/are not reachable."));
}

TEST_CASE("bbm103: a long shot list takes time in proportion to its length", "[bbm103]") {
  // Each shot's line was counted from the start of the list: 6 s for 100,000 shots, 24 for
  // 200,000.
  std::string shots;
  for (int i = 0; i < 400'000; ++i) shots += "1,A;\n";
  const auto started = std::chrono::steady_clock::now();
  const ReplayResult r = replay(game(shots, all_of_player1));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(r.played);
  CHECK(seconds < 20); // about 0.1 s optimised; counting from the start would take minutes
}

// Non-ASCII shots: the seed's Python judges the row with str.isnumeric() and int(), the column
// with str.isalpha() and ord(). Expected texts are the seed program's output on these inputs.
TEST_CASE("bbm103: any decimal digits int() reads make a row", "[bbm103][unicode]") {
  // Arabic-Indic 3, fullwidth 5, fullwidth 10, '1' and an Arabic-Indic 0, mathematical bold 4.
  const ReplayResult r =
      replay(game("\u0663,A;\uFF15,I;\U0001D7D2,B;", "\uFF11\uFF10,J;1\u0660,A;0\u0663,C;"));
  const ReplayResult ascii = replay(game("3,A;5,I;4,B;", "10,J;10,A;03,C;"));
  REQUIRE(r.played);
  std::string expected = ascii.text;
  const std::pair<std::string_view, std::string_view> shots[] = {
      {"3,A", "\u0663,A"},        {"5,I", "\uFF15,I"},   {"4,B", "\U0001D7D2,B"},
      {"10,J", "\uFF11\uFF10,J"}, {"10,A", "1\u0660,A"}, {"03,C", "0\u0663,C"}};
  for (const auto& [from, to] : shots) {
    const std::string line = cat("Enter your move: ", from, "\n");
    const std::size_t at = expected.find(line);
    REQUIRE(at != std::string::npos);
    expected.replace(at, line.size(), cat("Enter your move: ", to, "\n"));
  }
  CHECK(r.text == expected);
  CHECK(check_shot("\u0663,A").cell == Coord{2, 0});
  CHECK(check_shot("\uFF11\uFF10,J").cell == Coord{9, 9});
}

TEST_CASE("bbm103: numeric characters int() refuses print int()'s own message, no newline",
          "[bbm103][unicode]") {
  struct Case {
    std::string shot;
    std::string message;
  };
  const std::string limit = "digits; use sys.set_int_max_str_digits() to increase the limit";
  const Case cases[] = {
      {"\u00B2,A", "invalid literal for int() with base 10: '\u00B2'"},             // superscript 2
      {"\u00BD,A", "invalid literal for int() with base 10: '\u00BD'"},             // one half
      {"\u4E94,A", "invalid literal for int() with base 10: '\u4E94'"},             // CJK five
      {"\u216B,A", "invalid literal for int() with base 10: '\u216B'"},             // Roman twelve
      {"3\u00B2,A", "invalid literal for int() with base 10: '3\u00B2'"},           // 3 then a '2'
      {"\u4E94,AB", "invalid literal for int() with base 10: '\u4E94'"},            // before ord()
      {"\u0663\u2468,A", "invalid literal for int() with base 10: '\u0663\u2468'"}, // circled 9
      // repr() cut at 200 characters by "%.200R": 199 after the quote, no closing quote.
      {cat("\u00B2", std::string(300, '1'), ",A"),
       cat("invalid literal for int() with base 10: '\u00B2", std::string(198, '1'))},
      {cat(std::string(198, '1'), "\u00B2,A"),
       cat("invalid literal for int() with base 10: '", std::string(198, '1'), "\u00B2")},
      {cat(std::string(197, '1'), "\u00B2,A"),
       cat("invalid literal for int() with base 10: '", std::string(197, '1'), "\u00B2'")},
      // More than 4300 digits before the first unreadable character: the limit speaks first.
      {cat(std::string(4301, '1'), ",A"),
       cat("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 ",
           limit)},
      {cat(std::string(4300, '0'), "\u0663,A"),
       cat("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 ",
           limit)},
      {cat(std::string(5000, '1'), "\u00B2,A"),
       cat("Exceeds the limit (4300 digits) for integer string conversion: value has 5000 ",
           limit)},
  };
  for (const Case& c : cases) {
    CAPTURE(c.shot.substr(0, 20));
    CHECK(check_shot(c.shot).verdict == ShotVerdict::int_refused);
    const ReplayResult r = replay(game(cat(c.shot, ";5,I;"), "1,A;"));
    REQUIRE(r.played);
    CHECK(r.text.find(cat("Enter your move: ", c.shot, "\n\n", c.message,
                          "Enter your move: 5,I\n\nPlayer2's Move")) != std::string::npos);
  }
  // 4300 digits are read (and the row is off the board).
  CHECK(check_shot(cat(std::string(4300, '1'), ",A")).verdict == ShotVerdict::invalid_operation);
}

TEST_CASE("bbm103: a non-ASCII letter is a column off the board, other characters bad arguments",
          "[bbm103][unicode]") {
  const std::string invalid = "AssertionError: Invalid Operation.\n\n";
  const auto bad = [](std::string_view shot) {
    return cat("ValueError: Bad arguments. You entered '", shot,
               "' ,the correct format would be such as '3,A'.\n\n");
  };
  const std::pair<std::string, std::string> cases[] = {
      {"3,\u00E9", invalid},           // e acute: a letter, ord() 233
      {"3,\uFF21", invalid},           // fullwidth A
      {"3,\u03A9", invalid},           // Greek Omega
      {"3,\U0001D400", invalid},       // mathematical bold A
      {"3,\u4E94", invalid},           // CJK five is a letter (Lo) too
      {"\u0663,\u00E9", invalid},      // a good row does not save it
      {"3,A\u0301", bad("3,A\u0301")}, // a combining accent is not a letter
      {"3,\u216B", bad("3,\u216B")},   // Roman twelve is numeric, not a letter
      {"3,\u00A0A", bad("3,\u00A0A")}, // no-break space
      {"\uFEFF3,A", bad("\uFEFF3,A")}, // a byte order mark stays in the text
      {"3\u0301,A", bad("3\u0301,A")},
      {"3,\u00B2", bad("3,\u00B2")}, // numeric, not a letter
      {"3\uFF0CA",                   // a fullwidth comma does not split
       cat("IndexError: Missing argument. You entered '3\uFF0CA' ,the correct format would be "
           "such as '3,A'.\n\n")},
  };
  for (const auto& [shot, error] : cases) {
    CAPTURE(shot);
    const ReplayResult r = replay(game(cat(shot, ";5,I;"), "1,A;"));
    REQUIRE(r.played);
    CHECK(r.text.find(cat("Enter your move: ", shot, "\n\n", error,
                          "Enter your move: 5,I\n\nPlayer2's Move")) != std::string::npos);
  }
  CHECK(check_shot("\xff,A").verdict == ShotVerdict::unsupported);
  // Messages quote letters and digits as they are and escape the rest, as Python's repr().
  CHECK(battleship::bbm103::detail::quote_text("a\u0301\u00E9\uFEFF\U0001D400\u0663\t") ==
        "'a\\u0301\u00E9\\ufeff\U0001D400\u0663\\t'");
  CHECK(battleship::bbm103::detail::quote_text("3,\xc3\xa9\xff") == "'3,\\xc3\\xa9\\xff'");
}

TEST_CASE("bbm103: the Unicode tables are sorted ranges with Python 3.11's answers",
          "[bbm103][unicode]") {
  namespace u = battleship::detail;
  const auto sorted = [](const auto& ranges) {
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      if (ranges[i].first > ranges[i].last) return false;
      if (i > 0 && ranges[i - 1].last + 1 >= ranges[i].first) return false; // merged, ordered
    }
    return true;
  };
  CHECK(sorted(u::unicode_tables::alpha));
  CHECK(sorted(u::unicode_tables::numeric));
  CHECK(std::string_view(u::unicode_tables::unicode_version) == "14.0.0");
  // Boundaries and a few of each kind (Python 3.11: chr(c).isalpha(), .isnumeric(), int()).
  CHECK(u::py_isalpha(U'A'));
  CHECK(u::py_isalpha(U'z'));
  CHECK_FALSE(u::py_isalpha(U'@'));
  CHECK_FALSE(u::py_isalpha(U'['));
  CHECK(u::py_isalpha(U'\u00AA'));
  CHECK_FALSE(u::py_isalpha(U'\u00D7')); // multiplication sign, between two letter ranges
  CHECK(u::py_isalpha(U'\u01C5'));       // Lt
  CHECK(u::py_isalpha(U'\u4E94'));
  CHECK_FALSE(u::py_isalpha(U'\u0301'));
  CHECK_FALSE(u::py_isalpha(U'\u216B')); // Nl
  CHECK(u::py_isalpha(U'\U0002F890'));
  CHECK_FALSE(u::py_isalpha(U'\U0010FFFF'));
  CHECK(u::py_isnumeric(U'0'));
  CHECK_FALSE(u::py_isnumeric(U'/'));
  CHECK_FALSE(u::py_isnumeric(U':'));
  CHECK(u::py_isnumeric(U'\u00B2'));
  CHECK(u::py_isnumeric(U'\u00BD'));
  CHECK(u::py_isnumeric(U'\u216B'));
  CHECK(u::py_isnumeric(U'\u4E94'));
  CHECK_FALSE(u::py_isnumeric(U'A'));
  CHECK(u::py_decimal(U'7') == 7);
  CHECK(u::py_decimal(U'\u0660') == 0);
  CHECK(u::py_decimal(U'\u0669') == 9);
  CHECK(u::py_decimal(U'\u066A') == -1);
  CHECK(u::py_decimal(U'\uFF19') == 9);
  CHECK(u::py_decimal(U'\U0001D7FF') == 9); // the last of five runs in a row
  CHECK(u::py_decimal(U'\U0001FBF9') == 9);
  CHECK(u::py_decimal(U'\U0001FBFA') == -1);
  CHECK(u::py_decimal(U'\u00B2') == -1);
  CHECK(u::py_decimal(U'\u4E94') == -1);
  CHECK(u::py_decimal(U'/') == -1);
  // Every decimal digit is numeric, as in Python.
  for (const char32_t zero : u::unicode_tables::decimal_zeros)
    for (char32_t d = 0; d < 10; ++d) {
      CAPTURE(static_cast<unsigned>(zero + d));
      CHECK(u::py_isnumeric(zero + d));
      CHECK(u::py_decimal(zero + d) == static_cast<int>(d));
    }
  // UTF-8 both ways.
  for (const char32_t c : {U'\u0041', U'\u00E9', U'\u4E94', U'\U0001D400', U'\U0010FFFF'})
    CHECK(u::decode_utf8(u::encode_utf8(c)) == std::u32string(1, c));
  CHECK_FALSE(u::decode_utf8("\xc0\xaf"));         // overlong '/'
  CHECK_FALSE(u::decode_utf8("\xf4\x90\x80\x80")); // past U+10FFFF
}

} // namespace test_bbm103
