package org.logplab.fft;

/**
 * The payload of a message that lends an array ({@link Handover#VIEW}): the receiver may read and
 * write the parts the algorithm gives it until it says it is done; the owner keeps the array. A
 * record rather than the bare array, so that the runtime's ownership check (which watches sent
 * arrays) does not mistake a lend for a hand-over.
 */
record Lent(double[] data) { }
