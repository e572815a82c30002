package shop.app;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CheckoutTest {
    @Test
    public void paysTheTotal() {
        System.out.println("[shop3] test of app ran");
        assertEquals(10, Checkout.pay(5, 2));
    }
}
