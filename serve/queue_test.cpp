// The job queue (serve/queue.h): one runs, `waiting` wait, the next is turned away; a place that
// leaves lets the next one's turn come; a stopped queue gives no turn and takes no one.
#include <gtest/gtest.h>

#include <thread>

#include "serve/queue.h"

namespace serve {
namespace {

using std::chrono::milliseconds;

TEST(ServeQueue, OneRunsWaitingWaitAndTheNextIsTurnedAway) {
  Queue queue(2);
  std::optional<long> running = queue.join(), second = queue.join(), third = queue.join();
  ASSERT_TRUE(running && second && third);
  EXPECT_FALSE(queue.join());  // one running and two waiting: full
  EXPECT_EQ(queue.ahead(*running), 0u);
  EXPECT_EQ(queue.ahead(*third), 2u);
  EXPECT_TRUE(queue.waitTurn(*running, milliseconds(0)));
  EXPECT_FALSE(queue.waitTurn(*second, milliseconds(10)));
  EXPECT_EQ(queue.status().inLine, 3u);
  EXPECT_EQ(queue.status().capacity, 3u);
}

TEST(ServeQueue, APlaceGivenUpLetsTheNextOnesTurnCome) {
  Queue queue(4);
  long running = *queue.join(), waiting = *queue.join();
  std::thread leaves([&] {
    std::this_thread::sleep_for(milliseconds(20));
    Place given(queue, running);  // given back when it goes, as a request's place is
  });
  EXPECT_TRUE(queue.waitTurn(waiting, milliseconds(5000)));
  leaves.join();
  EXPECT_EQ(queue.ahead(waiting), 0u);
  EXPECT_TRUE(queue.join());
}

TEST(ServeQueue, AStoppedQueueGivesNoTurnAndTakesNoOne) {
  Queue queue(4);
  long running = *queue.join();
  queue.stop();
  EXPECT_FALSE(queue.waitTurn(running, milliseconds(0)));
  EXPECT_FALSE(queue.join());
}

}  // namespace
}  // namespace serve
