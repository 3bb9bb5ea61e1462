import dev.bahi.Bahi;
import dev.bahi.models.ProductImport;
import dev.bahi.params.ProductImportUploadParams;
import java.nio.file.Path;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductImportUploadParams params =
    ProductImportUploadParams.builder().file(Path.of("products.csv")).build();
ProductImport productImport = client.products().imports().create(params);
System.out.println(productImport.getId() + " " + productImport.getStatus());
