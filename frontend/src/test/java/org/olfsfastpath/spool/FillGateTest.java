package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
final class FillGateTest {
  @Test
  void twoPermits_neverMoreThanTwoInside_andTheOthersWait() throws Exception {
    FillGate gate = new FillGate(2);
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      Thread t =
          new Thread(
              () -> {
                try {
                  go.await();
                  for (int round = 0; round < 200; round++) {
                    gate.enter();
                    try {
                      most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                      Thread.onSpinWait();
                      inside.decrementAndGet();
                    } finally {
                      gate.leave();
                    }
                  }
                } catch (Exception e) {
                  throw new AssertionError(e);
                }
              });
      t.start();
      threads.add(t);
    }
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    assertTrue(most.get() <= 2, "at most two inside, saw " + most.get());
    assertEquals(0, inside.get());
  }

  @Test
  void aWaitLeavesThePermit_andTakesItBack() throws Exception {
    FillGate gate = new FillGate(1);
    gate.enter();
    assertEquals(0, gate.available());
    gate.leave(); // as for a wait for room
    Thread other =
        new Thread(
            () -> {
              try {
                gate.enter();
                gate.leave();
              } catch (Exception e) {
                throw new AssertionError(e);
              }
            });
    other.start();
    other.join(); // it got the permit while the first waited
    gate.reenter();
    assertEquals(0, gate.available());
    gate.leave();
    assertEquals(1, gate.available(), "one permit: none lost, none made");
  }

  @Test
  void noBound_neverWaits() throws Exception {
    FillGate gate = new FillGate(0);
    for (int i = 0; i < 100; i++) {
      gate.enter();
    }
    assertEquals(0, gate.waits());
    assertEquals(0, gate.permits());
  }
}
