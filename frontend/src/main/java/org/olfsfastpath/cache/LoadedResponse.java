package org.olfsfastpath.cache;

/**
 * What {@link ResponseCache#load} hands back: either a {@link CachedResponse}, the complete answer
 * in memory with its ETag (cached, unless the cache is off for it), or a {@link StreamedResponse},
 * an answer over the size cap that the caller streams and must close.
 */
public sealed interface LoadedResponse permits CachedResponse, StreamedResponse {}
