package org.olfsfastpath.cache;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;

/**
 * One get's answer as a load reads it: closing the stream closes the BES response (returning its
 * connection). If the BES breaks the answer off while the cache reads it, before anything went on,
 * the BES layer may send the get once more and the cache reads the new answer from its start.
 */
final class BesAnswerLoader implements ResponseLoader {
  private final AnswerOpener opener;
  private final GetRequest get;
  private final Caller caller;
  private @Nullable BesResponse response;

  BesAnswerLoader(AnswerOpener opener, GetRequest get, Caller caller) {
    this.opener = opener;
    this.get = get;
    this.caller = caller;
  }

  @Override
  public InputStream open() throws IOException {
    BesResponse opened = opener.open(get, caller);
    response = opened;
    return new FilterInputStream(opened.body()) {
      @Override
      public void close() {
        opened.close();
      }
    };
  }

  @Override
  public boolean restart(IOException failure) throws IOException {
    BesResponse opened = response;
    return opened != null && opened.restart(failure);
  }

  @Override
  public String toString() {
    return "get " + get.type() + " " + get.path();
  }
}
