import dev.bahi.Bahi;
import dev.bahi.models.ProductRatePeriod;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
for (ProductRatePeriod productRatePeriod :
    client.products().listRateHistory("prd_01jd4p3c4d5e6f7g8h9j0k1m2n")) {
  System.out.println(productRatePeriod.getLivemode() + " " + productRatePeriod.getProductId());
}
