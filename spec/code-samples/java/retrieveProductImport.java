import dev.bahi.Bahi;
import dev.bahi.models.ProductImport;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductImport productImport =
    client.products().imports().retrieve("imp_01jd5g7h9j1k3m5n7p9q1r3s5t");
System.out.println(productImport.getId() + " " + productImport.getStatus());
