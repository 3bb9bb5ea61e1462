import dev.bahi.Bahi;
import dev.bahi.models.Product;
import dev.bahi.models.ProductUnit;
import dev.bahi.params.ProductCreateParams;
import java.math.BigDecimal;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductCreateParams params =
    ProductCreateParams.builder()
        .sku("PEN-01")
        .name("Ballpoint pen, blue")
        .price(new BigDecimal("99.99"))
        .gstRate(18)
        .hsnCode("96081019")
        .unit(ProductUnit.NOS)
        .reorderLevel(50)
        .openingStock(500)
        .build();
Product product = client.products().create(params);
System.out.println(product.getId() + " " + product.getName());
