import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
const d = buildOpenApiDocument() as any;
d.paths["/api/provider/welcome"].post.responses["200"] = { content: {} };
new Validator().validate(d).then((r) => console.log(r.valid, JSON.stringify(r.errors).slice(0, 300)));
