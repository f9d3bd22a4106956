package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Transfer}'s two sides share, under one lock: the spooled bytes, who holds the
 * writer role, whether the source ended (and how) and whether the transfer ended. Its methods are
 * the transitions, each named for what happened; the {@link Producer} (the BES side) and the {@link
 * SpoolWriter} (the client side) call them and do their I/O outside the lock. Holding the state in
 * one place keeps each transition's checks together: the role is taken and given up here only, the
 * spool freed here only, and the client told it is gone once, by whoever leaves the lock last.
 */
final class TransferState {
  /** How often a producer that found no room looks again for budget other responses freed. */
  private static final long ROOM_POLL_MILLIS = 50;

  /**
   * The writer role: nobody writes and the client took the last write at once (IDLE); a thread
   * writes (WRITING); nobody writes and the client, not ready or not asked yet, will call back
   * (AWAITING).
   */
  enum Role {
    IDLE,
    WRITING,
    AWAITING
  }

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final Spool spool;

  // Guarded by lock.
  final SpooledBytes spooled;
  private Role role = Role.AWAITING;
  private boolean callback;
  private boolean sourceDone;
  private @Nullable IOException sourceFailure;
  private boolean ended;
  private boolean goneUntold;
  private boolean tellOnUnlock;
  private @Nullable ClientOutput client;

  /** Bytes the client was given: added to by the writer role's holder alone. */
  private volatile long sent;

  TransferState(Spool spool) {
    this.spool = spool;
    this.spooled = new SpooledBytes(spool);
  }

  void lock() {
    lock.lock();
  }

  /** Unlocks, then tells the client it is gone if this thread owes it that. */
  void unlock() {
    boolean tell = tellOnUnlock;
    tellOnUnlock = false;
    ClientOutput told = client;
    lock.unlock();
    if (tell && told != null) {
      told.gone();
    }
  }

  /** The client's output from now on; until then the writer role waits for its first call. */
  void attach(ClientOutput output) {
    lock();
    try {
      client = output;
    } finally {
      unlock();
    }
  }

  /** The client's output; only after {@link #attach}, which the writer role's holder has seen. */
  ClientOutput client() {
    ClientOutput c = client;
    if (c == null) {
      throw new IllegalStateException("no client attached yet");
    }
    return c;
  }

  long sent() {
    return sent;
  }

  /** The writer role's holder gave the client {@code n} more bytes. */
  void addSent(long n) {
    sent += n;
  }

  boolean ended() {
    return ended;
  }

  boolean sourceDone() {
    return sourceDone;
  }

  @Nullable IOException sourceFailure() {
    return sourceFailure;
  }

  // The writer role; each under the lock.

  /** The client called back: takes the role, or asks the thread that holds it to ask again. */
  boolean calledBackLocked() {
    if (ended) {
      return false;
    }
    if (role == Role.WRITING) {
      callback = true;
      return false;
    }
    role = Role.WRITING;
    return true;
  }

  /** Takes the role when nobody holds it and the client was ready at its last write. */
  boolean takeRoleIfIdleLocked() {
    if (role == Role.IDLE) {
      role = Role.WRITING;
      return true;
    }
    return false;
  }

  /** Whether the producer may write straight to the client: it is ready and nothing waits. */
  boolean mayWriteDirectLocked() {
    return role == Role.IDLE && spooled.isEmpty();
  }

  /**
   * The client said it is not ready: the role waits for its call, unless it called back meanwhile.
   *
   * @return true when it did, and the holder should ask again
   */
  boolean notReadyLocked() {
    if (callback) {
      callback = false;
      return true;
    }
    role = Role.AWAITING;
    return false;
  }

  /** The client was ready; a callback that came meanwhile is answered by this write. */
  void readyLocked() {
    callback = false;
  }

  /** Nothing is spooled and more is to come: the producer writes the next bytes itself. */
  void idleLocked() {
    role = Role.IDLE;
    changed.signalAll();
  }

  /**
   * Gives the writer role up; once the transfer ended, the writer's read buffer with it. A client
   * that went away while this thread wrote is told so at {@link #unlock()}.
   */
  void releaseRoleLocked() {
    if (role == Role.WRITING) {
      role = Role.IDLE;
    }
    if (ended) {
      spooled.releaseReadBuffer();
    }
    tellOnUnlock |= goneUntold;
    goneUntold = false;
  }

  /** Whether the transfer ended while the writer was unlocked; if so, gives the role up. */
  boolean releasedBecauseEndedLocked() {
    if (ended) {
      releaseRoleLocked();
    }
    return ended;
  }

  // The ends; each under the lock.

  /** Ends the transfer: nothing more is written, and the spool is freed at once. */
  void endLocked() {
    ended = true;
    spooled.free(role == Role.WRITING);
    changed.signalAll();
  }

  /**
   * The client went away: the transfer ends, and the client is told by the thread that writes to it
   * once that write returns, or else at this unlock.
   *
   * @return false if it had ended already
   */
  boolean clientGoneLocked() {
    if (ended) {
      return false;
    }
    if (spooled.hasBytes()) {
      spool.clientDisconnected();
    }
    endLocked();
    if (role == Role.WRITING) {
      goneUntold = true;
    } else {
      tellOnUnlock = true;
    }
    return true;
  }

  /**
   * The source ended (failure null) or failed. What is spooled of a failed answer still goes to the
   * client before the abort: a cut answer holds every byte the BES sent, so where it was cut does
   * not depend on how far the client had read (and an answer committed with its first buffer never
   * reaches its client as headers alone).
   *
   * @return whether the caller now holds the writer role and should write what is left
   */
  boolean sourceEndedLocked(@Nullable IOException failure) {
    sourceDone = true;
    sourceFailure = failure;
    if (ended) {
      return false;
    }
    if (failure == null && spooled.hasBytes()) {
      spool.releasedEarly();
    }
    return takeRoleIfIdleLocked();
  }

  /** The writer took bytes out of the spool: a producer waiting for room may look again. */
  void consumedLocked() {
    changed.signalAll();
  }

  /** No room anywhere: waits until the client has taken some, or room turns up elsewhere. */
  void awaitRoomLocked() throws InterruptedIOException {
    try {
      changed.await(ROOM_POLL_MILLIS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw (InterruptedIOException)
          new InterruptedIOException("interrupted while waiting for the client to read")
              .initCause(e);
    }
  }

  @Override
  public String toString() {
    lock.lock();
    try {
      return "Transfer{sent="
          + sent
          + ", "
          + spooled
          + ", role="
          + role
          + ", sourceDone="
          + sourceDone
          + ", ended="
          + ended
          + "}";
    } finally {
      lock.unlock();
    }
  }
}
