package dev.queuelock.file;

import java.io.IOException;
import java.util.List;

/** Where a look at the queue gets its waiters: read afresh ({@link TicketQueue}) or kept from the last look ({@link RepeatedLooks}). */
interface LiveTickets {

    /** The live tickets in queue order, dead ones left out but not deleted. */
    List<Ticket> liveInOrder() throws IOException;
}
