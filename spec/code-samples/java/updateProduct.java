import dev.bahi.Bahi;
import dev.bahi.models.Product;
import dev.bahi.params.ProductUpdateParams;
import java.math.BigDecimal;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductUpdateParams params =
    ProductUpdateParams.builder().price(new BigDecimal("109.5")).build();
Product product = client.products().update("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", params);
System.out.println(product.getId() + " " + product.getName());
