package org.olfsfastpath.emulator;

/**
 * The default dispatcher: answers every request as a BES would, from the emulator's catalog (data
 * directory, built-in and synthetic datasets) and its captures, keeping each connection's contexts,
 * containers and definitions as the BES's per-connection process does.
 */
final class CatalogDispatcher extends Dispatcher {
  private final CommandProcessor processor;

  CatalogDispatcher(CommandProcessor processor) {
    this.processor = processor;
  }

  @Override
  public BesReply dispatch(RecordedRequest request) {
    throw new UnsupportedOperationException("the catalog answers with the connection's session");
  }

  @Override
  BesReply dispatch(RecordedRequest request, ParsedRequest parsed, Session session) {
    return BesReply.of(processor.process(parsed, session));
  }

  @Override
  public String toString() {
    return "CatalogDispatcher";
  }
}
