package org.olfsfastpath.spool;

/**
 * Why a response could spool no more and streamed straight from the BES instead, holding its BES
 * connection while its client reads: never an error for the client, only a connection held longer.
 */
enum Fallback {
  /** The memory budget was used up and there is no disk budget to go on with. */
  MEMORY(
      "memory budget",
      "memory budget (FastPath/Spool@memory) is used up and" + " FastPath/Spool@disk is 0"),
  /** The disk budget was used up. */
  DISK_BUDGET("disk budget", "disk budget (FastPath/Spool@disk) is used up"),
  /** A spool file could not be created or written: a full disk, an I/O error. */
  DISK_ERROR(
      "spool directory",
      "directory (FastPath/Spool@directory) cannot take more: full," + " or failing");

  private final String label;
  private final String warning;

  Fallback(String label, String warning) {
    this.label = label;
    this.warning = warning;
  }

  /** What ran out, in a few words: "disk budget". */
  String label() {
    return label;
  }

  /** What ran out and which setting bounds it, after "the spool's ". */
  String warning() {
    return warning;
  }
}
